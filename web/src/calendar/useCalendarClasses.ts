// The classes to filter the calendar by: those of the newest semesters (at most the 20 one call takes),
// each with its semester's name.
import type { Class } from '../../../lambdas/records';
import type { ApiError } from '../api/client';
import { useCatalogueRead } from '../api/queries';

export interface CalendarClass {
  cls: Class;
  semesterName: string;
}

export interface CalendarClasses {
  /** Undefined until loaded. */
  classes?: CalendarClass[];
  error: ApiError | null;
  retry: () => void;
}

const MAX_SEMESTERS = 20;

export function useCalendarClasses(): CalendarClasses {
  const semesters = useCatalogueRead('semesters');
  const newest = semesters.data?.semesters.slice(0, MAX_SEMESTERS);
  const ids = newest?.map((semester) => semester.id) ?? [];
  const classes = useCatalogueRead('classesBySemester', { semesters: ids }, { enabled: ids.length > 0 });
  const failed = semesters.isError ? semesters : classes.isError ? classes : undefined;
  return {
    classes:
      newest?.length === 0
        ? []
        : classes.data &&
          newest?.flatMap((semester) =>
            (classes.data.classes[semester.id] ?? []).map((cls) => ({ cls, semesterName: semester.name })),
          ),
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
  };
}
