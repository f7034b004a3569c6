// Every enrollment of a semester, loaded a page at a time from semesterEnrollments (no table scan): the
// screen shows the pages as they arrive and knows when the list is complete.
import { useCallback, useEffect, useState } from 'react';
import type { SemesterEnrollment } from '../../../lambdas/records';
import type { ApiError } from '../api/client';
import { callFunction } from '../api/client';
import { asApiError } from '../api/useFunction';

export interface SemesterEnrollments {
  enrollments: SemesterEnrollment[];
  /** True until the last page arrived. */
  loading: boolean;
  error?: ApiError;
  reload: () => void;
}

export function useSemesterEnrollments(semesterId: string | undefined): SemesterEnrollments {
  const [enrollments, setEnrollments] = useState<SemesterEnrollment[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError>();
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!semesterId) return;
    let current = true;
    setEnrollments([]);
    setLoading(true);
    setError(undefined);
    void (async () => {
      let cursor: string | undefined;
      try {
        do {
          const page = await callFunction('semesterEnrollments', { semesterId, ...(cursor && { cursor }) });
          if (!current) return;
          setEnrollments((loaded) => [...loaded, ...page.enrollments]);
          cursor = page.nextCursor;
        } while (cursor);
      } catch (failure) {
        if (current) setError(asApiError(failure));
      } finally {
        if (current) setLoading(false);
      }
    })();
    return () => {
      current = false;
    };
  }, [semesterId, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { enrollments, loading, error, reload };
}
