// Editing the t-shirt size list before it is saved: order, labels, new sizes, retiring. A size is never
// removed (students keep the size they have), so the list only grows.
import type { ManagedTshirtSize } from '../../../../lambdas/records';

export const CODE_MAX = 8;
const LABEL_MAX = 40;

export function moved(sizes: ManagedTshirtSize[], index: number, by: -1 | 1): ManagedTshirtSize[] {
  const target = index + by;
  if (target < 0 || target >= sizes.length) return sizes;
  const next = [...sizes];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function labelProblem(label: string): string | undefined {
  if (!label.trim()) return 'A label is required';
  return label.trim().length > LABEL_MAX ? `At most ${LABEL_MAX} characters` : undefined;
}

export function codeProblem(code: string, sizes: ManagedTshirtSize[]): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'A code is required';
  if (trimmed.length > CODE_MAX) return `At most ${CODE_MAX} characters`;
  return sizes.some((size) => size.code.toLowerCase() === trimmed.toLowerCase())
    ? `${trimmed} is already a size`
    : undefined;
}

/** What is sent: trimmed labels, and `retired` only on retired sizes. */
export function toSave(sizes: ManagedTshirtSize[]): ManagedTshirtSize[] {
  return sizes.map(({ code, label, retired }) => ({ code, label: label.trim(), ...(retired && { retired: true }) }));
}

export const sameList = (a: ManagedTshirtSize[], b: ManagedTshirtSize[]) =>
  JSON.stringify(toSave(a)) === JSON.stringify(toSave(b));
