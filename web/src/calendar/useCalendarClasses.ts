// The classes to filter the calendar by: those of the newest semesters (at most the 20 one call takes), each
// with its semester's name; the current semester first, then the others newest first, each's classes by name.
// A class linked to (`?classId=`) of an older semester is loaded on its own and listed last.
import type { Class } from '@contract/records';
import { useClassesById } from '../api/catalogue';
import type { ApiError } from '../api/client';
import { useCatalogueRead } from '../api/queries';

export interface CalendarClass {
  cls: Class;
  semesterName: string;
}

export interface CalendarClasses {
  /** Undefined until loaded. */
  classes?: CalendarClass[];
  /** The semester the calendar opens on: the current one, else the newest. */
  opening?: CalendarClass[];
  error: ApiError | null;
  retry: () => void;
}

const MAX_SEMESTERS = 20;

export function useCalendarClasses(linkedClassId?: string): CalendarClasses {
  const semesters = useCatalogueRead('semesters');
  const newest = semesters.data?.semesters.slice(0, MAX_SEMESTERS);
  const ordered = newest && [...newest.filter((s) => s.current), ...newest.filter((s) => !s.current)];
  const ids = newest?.map((semester) => semester.id) ?? [];
  const classes = useCatalogueRead('classesBySemester', { semesters: ids }, { enabled: ids.length > 0 });
  const failed = semesters.isError ? semesters : classes.isError ? classes : undefined;
  const listed =
    newest?.length === 0
      ? []
      : classes.data &&
        ordered?.flatMap((semester) =>
          [...(classes.data.classes[semester.id] ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((cls) => ({ cls, semesterName: semester.name })),
        );
  const older = listed && linkedClassId && !listed.some(({ cls }) => cls.id === linkedClassId) ? [linkedClassId] : [];
  const linked = useClassesById(older).get(linkedClassId ?? '');
  const linkedSemester = linked && semesters.data?.semesters.find((semester) => semester.id === linked.semesterId);
  return {
    classes: listed && linked ? [...listed, { cls: linked, semesterName: linkedSemester?.name ?? '' }] : listed,
    opening: listed?.filter(({ semesterName }) => semesterName === ordered?.[0]?.name),
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
  };
}
