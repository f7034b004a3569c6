import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Semester } from '../../../lambdas/records';

/** The semester an administration screen shows, kept in the URL (?semesterId=) so links and Back keep it. */
export function useSemesterParam(): [string | undefined, (semester: Semester) => void] {
  const [params, setParams] = useSearchParams();
  const choose = useCallback(
    (semester: Semester) =>
      setParams(
        (current) => {
          if (current.get('semesterId') === semester.id) return current;
          const next = new URLSearchParams(current);
          next.set('semesterId', semester.id);
          // A class belongs to one semester: its filter does not carry over.
          next.delete('classId');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('semesterId') ?? undefined, choose];
}
