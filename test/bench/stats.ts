// Figures of a benchmark run: percentiles and the lines the report prints.
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export { table } from '../../infra/textTable';

/** Runs `count` calls at once; each call's latency and the wall time of the whole. */
export async function concurrently<T>(
  count: number,
  call: (index: number) => Promise<T>,
): Promise<{ results: T[]; latencies: number[]; wallMs: number }> {
  const latencies: number[] = new Array(count);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const t0 = performance.now();
      const result = await call(index);
      latencies[index] = performance.now() - t0;
      return result;
    }),
  );
  return { results, latencies, wallMs: performance.now() - started };
}

/** Spearman's rank correlation of two equally long lists (ties take their average rank). */
export function spearman(xs: number[], ys: number[]): number {
  const ranks = (values: number[]) => {
    const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
    const result = new Array<number>(values.length);
    for (let start = 0; start < order.length; ) {
      let end = start;
      while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
      for (let k = start; k <= end; k += 1) result[order[k]!.index] = (start + end) / 2 + 1;
      start = end + 1;
    }
    return result;
  };
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const mean = (xs.length + 1) / 2;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < xs.length; index += 1) {
    covariance += (rx[index]! - mean) * (ry[index]! - mean);
    varianceX += (rx[index]! - mean) ** 2;
    varianceY += (ry[index]! - mean) ** 2;
  }
  return covariance / Math.sqrt(varianceX * varianceY);
}

/**
 * Of the `count` earliest of `items` in an order (those without a place in it left out), how many were
 * seated: the share of seats that went to the earliest callers, when `count` is the seats.
 */
export function earliestSeated<T>(
  items: T[],
  orderOf: (item: T) => number | undefined,
  seated: (item: T) => boolean,
  count: number,
): number {
  const ordered = items.flatMap((item) => {
    const order = orderOf(item);
    return order === undefined ? [] : [{ item, order }];
  });
  return ordered
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .filter(({ item }) => seated(item)).length;
}
