import { getClasses } from '../../catalogue/classes';
import { getGroups } from '../../catalogue/groups';
import { questionsForClasses } from '../questions';
import type { ParsedInput } from '../../contract/manifest';
import { notFound } from '../../contract/errors';
import { familyHandler } from '../../platform/familyHandler';

/** The questions a family answers to enroll in a class or a group: the semester's, then each class's. */
export async function enrollmentQuestions(input: ParsedInput<'enrollmentQuestions'>) {
  const group = input.groupId ? (await getGroups([input.groupId]))[0] : undefined;
  if (input.groupId && !group) throw notFound('There is no such class group.');
  const classIds = group ? group.classIds : [input.classId!];
  const found = new Map((await getClasses(classIds)).map((cls) => [cls.id, cls]));
  const classes = classIds.flatMap((classId) => (found.has(classId) ? [found.get(classId)!] : []));
  if (classes.length !== classIds.length) throw notFound('There is no such class.');
  return { questions: await questionsForClasses(classes) };
}

export const handler = familyHandler('enrollmentQuestions', enrollmentQuestions);
