// The enrollment list's filters, kept in the URL (?classId=&status=&student=) so a link opens them.
import type { SemesterEnrollment } from '@contract/records';

export const STATUS_CHOICES = [
  { value: 'active', label: 'Enrolled and waitlisted' },
  { value: 'enrolled', label: 'Enrolled' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number]['value'];

export interface EnrollmentFilters {
  classId?: string;
  status: StatusChoice;
  student: string;
}

export function filtersOf(params: URLSearchParams): EnrollmentFilters {
  const status = STATUS_CHOICES.find((choice) => choice.value === params.get('status'))?.value ?? 'active';
  return { classId: params.get('classId') || undefined, status, student: params.get('student') ?? '' };
}

/** Case and accents do not matter when looking for a name. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const studentName = (enrollment: SemesterEnrollment) =>
  `${enrollment.student.firstName} ${enrollment.student.lastName}`;

export function matches(enrollment: SemesterEnrollment, { classId, status, student }: EnrollmentFilters): boolean {
  if (classId && enrollment.classId !== classId) return false;
  if (status === 'active' ? enrollment.status === 'cancelled' : status !== 'all' && enrollment.status !== status)
    return false;
  return folded(studentName(enrollment)).includes(folded(student.trim()));
}
