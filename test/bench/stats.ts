// Figures of a benchmark run: percentiles and the lines the report prints.
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
}

/** Runs `count` calls at once; each call's latency and the wall time of the whole. */
export async function concurrently<T>(count: number, call: (index: number) => Promise<T>): Promise<{ results: T[]; latencies: number[]; wallMs: number }> {
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
