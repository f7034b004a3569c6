// What the class day reads of a class: whether the caller teaches it, and the children who hold its seats.
import { notFound } from '../contract/errors';
import type { InstructorCaller } from '../platform/caller';
import { getStoredClass, type StoredClass } from '../catalogue/classes';
import { classEnrollments, type StoredEnrollment } from '../enrollment/enrollments';

/**
 * A class the caller teaches now. One they do not teach is answered as one that does not exist (404): an
 * instructor learns nothing of other classes, not even which ids are classes.
 */
export async function taughtClass(caller: InstructorCaller, classId: string): Promise<StoredClass> {
  const cls = caller.classIds.includes(classId) ? await getStoredClass(classId) : undefined;
  if (!cls) throw notFound('There is no such class among yours.');
  return cls;
}

/** The children enrolled in the class (a seat held), in the order they got their seats. */
export async function seatedChildren(classId: string): Promise<StoredEnrollment[]> {
  return (await classEnrollments(classId)).roster;
}

/** Whether the class meets on `date` (a meeting not cancelled). */
export const meetsOn = (cls: Pick<StoredClass, 'meetings'>, date: string) =>
  cls.meetings.some((meeting) => meeting.date === date && !meeting.cancelled);
