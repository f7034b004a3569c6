import { randomUUID } from 'node:crypto';
import { getClasses } from '../classes';
import { alignLines, getGroups, putGroup } from '../groups';
import type { ParsedInput } from '../../contract/manifest';
import { givenSpanish, type ClassGroup } from '../../contract/records';
import { invalidArgument, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * Creates or changes a class group: classes of the group's own semester. Its classes' enrollment requests
 * then wait in one line (see lambdas/catalogue/lines.ts).
 */
export async function saveGroup(input: ParsedInput<'saveGroup'>) {
  const before = input.id ? (await getGroups([input.id]))[0] : undefined;
  if (input.id && !before) throw notFound('There is no such class group.');
  const classes = new Map((await getClasses(input.classIds)).map((cls) => [cls.id, cls]));
  input.classIds.forEach((classId, index) => {
    const cls = classes.get(classId);
    if (!cls) throw invalidArgument(`classIds[${index}]: there is no class ${classId}`);
    if (cls.semesterId !== input.semesterId)
      throw invalidArgument(`classIds[${index}]: ${cls.name} belongs to another semester`);
  });
  const { es: given, ...english } = input;
  const es = givenSpanish(given);
  const group: ClassGroup = { ...english, id: input.id ?? randomUUID(), ...(es && { es }) };
  await putGroup(group);
  // The group joins its classes' lines of enrollment requests (and, moved, leaves its old semester's).
  await alignLines(group.semesterId, { saved: group });
  if (before && before.semesterId !== group.semesterId) await alignLines(before.semesterId, { deletedId: group.id });
  return { group };
}

export const handler = portalHandler('saveGroup', saveGroup);
