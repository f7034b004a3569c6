// The signed-in family's children and enrollments, which say where each child stands with each class. The
// enroll dialog reuses the page's answers: they change only through the family's own changes here (saving a
// child, enrolling, cancelling), which make them stale, so opening a dialog makes no call of its own.
import type { NamedEnrollment, Student } from '../../../lambdas/records';
import { useFunction } from '../api/queries';
import { useAuth } from '../api/session';

const REUSED_MS = 5 * 60_000;

export interface Family {
  students: Student[];
  enrollments: NamedEnrollment[];
}

export function useFamily() {
  const signedIn = useAuth().status === 'signedIn';
  const students = useFunction('students', undefined, { enabled: signedIn, staleTime: REUSED_MS });
  const enrollments = useFunction('myEnrollments', undefined, { enabled: signedIn, staleTime: REUSED_MS });
  const family: Family | undefined =
    students.data && enrollments.data
      ? { students: students.data.students, enrollments: enrollments.data.enrollments }
      : undefined;
  return { students, enrollments, family };
}
