import { useEffect, useState } from 'react';
import type { SemesterEnrollment } from '../../../../lambdas/records';
import { useSemesterEnrollments } from '../useSemesterEnrollments';

/**
 * A semester's enrollments. After an action the whole list loads again; meanwhile the last complete list stays
 * on screen, so the administrator keeps their place. (Mount it once per semester.)
 */
export function useSteadyEnrollments(semesterId: string) {
  const { enrollments, loading, error, reload } = useSemesterEnrollments(semesterId);
  const [complete, setComplete] = useState<SemesterEnrollment[]>();
  useEffect(() => {
    if (!loading && !error) setComplete(enrollments);
  }, [loading, error, enrollments]);
  const refreshing = loading && complete !== undefined;
  return { enrollments: refreshing ? complete : enrollments, loading, refreshing, error, reload };
}
