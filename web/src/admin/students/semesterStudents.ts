// The semester's students, one row each with the classes they hold or wait for, from its enrollments.
import type { Answer, EnrollmentStatus, SemesterEnrollment } from '@contract/records';
import { fileMoment, toCsv } from '../csv';
import { byListName, sheetColumns, statusLabel, type Sheet, type SizeLabel } from './studentSheet';

interface StudentClass {
  classId: string;
  className: string;
  status: EnrollmentStatus;
  waitlistPosition?: number;
  /** The family's answers to the questions asked when enrolling in it. */
  answers?: Answer[];
  offerExpiresAt?: string;
}

export interface StudentRow extends Sheet {
  id: string;
  classes: StudentClass[];
}

/** Students with an enrollment or a waitlist place, their classes by name; cancelled enrollments are left out. */
export function studentsOf(enrollments: SemesterEnrollment[]): StudentRow[] {
  const rows = new Map<string, StudentRow>();
  for (const enrollment of enrollments) {
    if (enrollment.status === 'cancelled') continue;
    const row = rows.get(enrollment.studentId) ?? {
      id: enrollment.studentId,
      student: enrollment.student,
      guardianEmail: enrollment.guardianEmail,
      acceptances: enrollment.acceptances,
      otherGuardianEmails: enrollment.otherGuardianEmails,
      classes: [],
    };
    row.classes.push({
      classId: enrollment.classId,
      className: enrollment.className,
      status: enrollment.status,
      waitlistPosition: enrollment.waitlistPosition,
      ...(enrollment.answers && { answers: enrollment.answers }),
      offerExpiresAt: enrollment.offerExpiresAt,
    });
    rows.set(enrollment.studentId, row);
  }
  for (const row of rows.values()) row.classes.sort((a, b) => a.className.localeCompare(b.className));
  return [...rows.values()].sort(byListName);
}

/** How a moment is written (useMomentText on screen, fileMoment in a file). */
type MomentText = (iso: string) => string;

export const classLabel = (cls: StudentClass, moment: MomentText) => `${cls.className} (${statusLabel(cls, moment)})`;

export const classesText = (row: StudentRow, moment: MomentText) =>
  row.classes.map((cls) => classLabel(cls, moment)).join('; ');

export const STANDINGS = ['Enrolled', 'Waitlisted', 'Enrolled and waitlisted'] as const;

/** Whether the student has a seat, waits, or both: what to filter on before the first day. */
export function standing(row: StudentRow): (typeof STANDINGS)[number] {
  const enrolled = row.classes.some((cls) => cls.status === 'enrolled');
  const waitlisted = row.classes.some((cls) => cls.status === 'waitlisted');
  return enrolled && waitlisted ? 'Enrolled and waitlisted' : enrolled ? 'Enrolled' : 'Waitlisted';
}

/** One row per student; its moments on the clock of `timeZone`, the programme's. */
export function studentsCsv(rows: StudentRow[], sizeLabel: SizeLabel, timeZone: string): string {
  const moment = fileMoment(timeZone);
  return toCsv(rows, [
    ...sheetColumns<StudentRow>((row) => row, sizeLabel, timeZone),
    { header: 'Classes', value: (row) => classesText(row, moment) },
  ]);
}
