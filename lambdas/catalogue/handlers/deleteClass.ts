import { classesNow, closeClass, deleteEmptyClass } from '../classes';
import { classEnrollments } from '../../enrollment/enrollments';
import { groupsOfSemester } from '../groups';
import { deleteClassQuestions } from '../../enrollment/questions';
import type { ParsedInput } from '../../contract/manifest';
import { failedPrecondition, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/** Deletes a class; a class with enrollments is closed instead (its roster and history stay), and says so. */
export async function deleteClass({ id }: ParsedInput<'deleteClass'>): Promise<{ closed?: true }> {
  const cls = (await classesNow([id])).get(id);
  if (!cls) throw notFound('There is no such class.');
  const inGroup = (await groupsOfSemester(cls.semesterId)).find((group) => group.classIds.includes(id));
  if (inGroup)
    throw failedPrecondition(`${cls.name} is part of the class group ${inGroup.name}: remove it from the group first.`);
  const hasEnrollments = (await classEnrollments(id)).all.length > 0;
  if (!hasEnrollments && (await deleteEmptyClass(id))) {
    await deleteClassQuestions(id);
    return {};
  }
  await closeClass(id, new Date().toISOString());
  return { closed: true };
}

export const handler = portalHandler('deleteClass', deleteClass);
