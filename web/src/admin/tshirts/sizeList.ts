// Editing the t-shirt size list before it is saved: order, labels, new sizes, retiring. A size is never
// removed (students keep the size they have), so the list only grows.
import { tshirtSize, type ManagedTshirtSize } from '@contract/records';
import { schemaProblems } from '../../api/useSave';

/** For the hint under the code field; the schema holds the rule (a test holds the two together). */
export const CODE_MAX = 8;

/** The size schema's problem with a code or a label, said of it: "A code is required". */
function problemOf(field: 'code' | 'label', value: string): string | undefined {
  const problem = schemaProblems(tshirtSize.shape[field], value)[''];
  return problem && `A ${field} ${problem}`;
}

export function moved(sizes: ManagedTshirtSize[], index: number, by: -1 | 1): ManagedTshirtSize[] {
  const target = index + by;
  if (target < 0 || target >= sizes.length) return sizes;
  const next = [...sizes];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const labelProblem = (label: string) => problemOf('label', label);

export function codeProblem(code: string, sizes: ManagedTshirtSize[]): string | undefined {
  const trimmed = code.trim();
  return (
    problemOf('code', code) ??
    (sizes.some((size) => size.code.toLowerCase() === trimmed.toLowerCase())
      ? `${trimmed} is already a size`
      : undefined)
  );
}

/** What is sent: trimmed labels, and `retired` only on retired sizes. */
export function toSave(sizes: ManagedTshirtSize[]): ManagedTshirtSize[] {
  return sizes.map(({ code, label, retired }) => ({ code, label: label.trim(), ...(retired && { retired: true }) }));
}

export const sameList = (a: ManagedTshirtSize[], b: ManagedTshirtSize[]) =>
  JSON.stringify(toSave(a)) === JSON.stringify(toSave(b));
