// School grades in the words families use; no schema here, so the web app can import it cheaply.

/** Grades as families read them: -1 is pre-kindergarten, 0 kindergarten. */
export function gradeName(value: number): string {
  return value === -1 ? 'Pre-K' : value === 0 ? 'K' : String(value);
}

/** A grade on its own, as lists, sheets and forms show it: "Pre-K", "K", "Grade 6"; none given, nothing. */
export function gradeLabel(value: number | undefined): string {
  if (value === undefined) return '';
  return value <= 0 ? gradeName(value) : `Grade ${value}`;
}

export function gradeRange(minGrade?: number, maxGrade?: number): string | undefined {
  if (minGrade === undefined && maxGrade === undefined) return undefined;
  if (minGrade === undefined) return `grades up to ${gradeName(maxGrade!)}`;
  if (maxGrade === undefined) return `grades ${gradeName(minGrade)} and up`;
  return minGrade === maxGrade
    ? `grade ${gradeName(minGrade)}`
    : `grades ${gradeName(minGrade)}–${gradeName(maxGrade)}`;
}

/** Whether a class is open to a grade: no limit, or within its lowest and highest grade. */
export function admitsGrade(cls: { minGrade?: number; maxGrade?: number }, grade: number): boolean {
  return (cls.minGrade === undefined || grade >= cls.minGrade) && (cls.maxGrade === undefined || grade <= cls.maxGrade);
}

/** Every grade the programme knows, Pre-K to 12. */
export const GRADES = Array.from({ length: 14 }, (_, index) => index - 1);
