// Shirts to order, as a table and a CSV file: a row per class and the semester's row, where a student in
// several classes counts once.
import type { FunctionResult } from '@contract/manifest';
import { toCsv } from '../csv';

type ShirtCounts = FunctionResult<'tshirtCounts'>;

export interface SizeColumn {
  code: string;
  label: string;
}

export interface CountRow {
  key: string;
  name: string;
  counts: Record<string, number>;
}

const SEMESTER_ROW = 'Semester (each student once)';

/** How many of a size: its own count only, since a size's code could name an object's built-in member. */
export const countOf = (counts: Record<string, number>, code: string) =>
  Object.hasOwn(counts, code) ? counts[code]! : 0;

/** The sizes offered, and retired or unknown ones only when an enrolled student has one. */
export function sizeColumns({ sizes, semesterCounts }: ShirtCounts): SizeColumn[] {
  const listed = sizes
    .filter((size) => !size.retired || countOf(semesterCounts, size.code) > 0)
    .map(({ code, label, retired }) => ({ code, label: retired ? `${label} (retired)` : label }));
  const unlisted = Object.keys(semesterCounts)
    .filter((code) => !sizes.some((size) => size.code === code))
    .map((code) => ({ code, label: code === 'unknown' ? 'Unknown' : code }));
  return [...listed, ...unlisted];
}

export function countRows({ classes, semesterCounts }: ShirtCounts): { classRows: CountRow[]; semesterRow: CountRow } {
  return {
    classRows: classes.map(({ classId, className, counts }) => ({ key: classId, name: className, counts })),
    semesterRow: { key: 'semester', name: SEMESTER_ROW, counts: semesterCounts },
  };
}

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

export function countsCsv(rows: CountRow[], columns: SizeColumn[]): string {
  return toCsv(rows, [
    { header: 'Class', value: (row) => row.name },
    ...columns.map((column) => ({ header: column.label, value: (row: CountRow) => countOf(row.counts, column.code) })),
    { header: 'Total', value: (row) => total(row.counts) },
  ]);
}
