import { byFirstMeeting, classesOfSemester, getClasses } from '../classes';
import { currentSemester } from '../semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Class } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/** Without a query: the current semester's classes. With one: those classes, grouped by semester. */
export async function classes({ query }: ParsedInput<'classes'>) {
  if (!query) {
    const semester = await currentSemester();
    return { classes: semester ? await classesOfSemester(semester.id) : [] };
  }
  const listed = await getClasses(query.map((reference) => reference.id));
  return { classes: groupBySemester(listed) };
}

function groupBySemester(classList: Class[]): Record<string, Class[]> {
  const grouped: Record<string, Class[]> = {};
  for (const cls of [...classList].sort(byFirstMeeting)) (grouped[cls.semesterId] ??= []).push(cls);
  return grouped;
}

export const handler = portalHandler('classes', classes);
