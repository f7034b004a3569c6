// The classes to filter the calendar by: those of the newest semesters (at most the 20 one call takes),
// each with its semester's name.
import { useCallback, useEffect, useState } from 'react';
import type { Class } from '../../../lambdas/records';
import { readCatalogue } from '../api/client';
import { asApiError, type Loadable } from '../api/useFunction';

export interface CalendarClass {
  cls: Class;
  semesterName: string;
}

const MAX_SEMESTERS = 20;

async function loadClasses(): Promise<CalendarClass[]> {
  const semesters = (await readCatalogue('semesters')).semesters.slice(0, MAX_SEMESTERS);
  if (semesters.length === 0) return [];
  const { classes } = await readCatalogue('classesBySemester', { semesters: semesters.map((semester) => semester.id) });
  return semesters.flatMap((semester) =>
    (classes[semester.id] ?? []).map((cls) => ({ cls, semesterName: semester.name })),
  );
}

export function useCalendarClasses(): Loadable<CalendarClass[]> & { reload: () => void } {
  const [loadable, setLoadable] = useState<Loadable<CalendarClass[]>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setLoadable({ state: 'loading' });
    loadClasses().then(
      (data) => current && setLoadable({ state: 'loaded', data }),
      (error: unknown) => current && setLoadable({ state: 'error', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...loadable, reload };
}
