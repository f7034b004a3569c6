import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Semester } from '@contract/records';
import { useFunction } from '../api/queries';

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

/**
 * The chosen semester itself, for screens that show its name and dates, kept in the URL as useSemesterParam
 * keeps it: [the semester once the list is loaded, choose, the id the URL names].
 */
export function useChosenSemester(): [Semester | undefined, (semester: Semester) => void, string | undefined] {
  const [semesterId, choose] = useSemesterParam();
  const semesters = useFunction('semesters');
  const semester = semesters.data?.semesters.find((candidate) => candidate.id === semesterId);
  return [semester, choose, semesterId];
}
