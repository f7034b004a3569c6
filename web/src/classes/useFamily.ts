// The signed-in family's children and enrollments, which say where each child stands with each class. The
// enroll dialog reuses the page's answers: they change only through the family's own changes here (saving a
// child, enrolling, cancelling), which make them stale, so opening a dialog makes no call of its own.
import type { NamedEnrollment, Student } from '@contract/records';
import { useMemo } from 'react';
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
  const [children, held] = [students.data?.students, enrollments.data?.enrollments];
  // The same object while the answers are, so the cards are not drawn again for nothing.
  const family = useMemo(
    (): Family | undefined => (children && held ? { students: children, enrollments: held } : undefined),
    [children, held],
  );
  return { students, enrollments, family };
}
