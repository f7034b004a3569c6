import { namedActivity, semesterActivity } from '../audit';
import { classesOfSemester } from '../../catalogue/classes';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

const ACTIVITY_PAGE = 100;

/** The audit trail of a semester's (or one class's) enrollments, newest first, a page at a time. */
export async function enrollmentActivity({ semesterId, classId, cursor }: ParsedInput<'enrollmentActivity'>) {
  const semester = await semesterOrCurrent(semesterId);
  const [{ entries, next }, classes] = await Promise.all([
    semesterActivity(semester.id, ACTIVITY_PAGE, cursor, classId),
    classesOfSemester(semester.id),
  ]);
  return {
    activity: await namedActivity(entries, new Map(classes.map((cls) => [cls.id, cls.name]))),
    ...(next && { nextCursor: next }),
  };
}

export const handler = portalHandler('enrollmentActivity', enrollmentActivity);
