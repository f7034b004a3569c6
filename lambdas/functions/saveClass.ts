import { randomUUID } from 'node:crypto';
import { classEdit, classesNow, createClass } from '../data/classes';
import { changeSeats } from '../data/seats';
import { getSemester } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import { failedPrecondition, invalidArgument, notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/**
 * Creates or changes a class. A capacity below the number enrolled is refused; more seats of an open class
 * go to the waitlist in the same transaction; closing a class stops new enrollments and keeps its roster.
 */
export async function saveClass(input: ParsedInput<'saveClass'>) {
  if (!(await getSemester(input.semesterId))) throw invalidArgument('semesterId: there is no such semester');
  if (!input.id) return { class: await createClass({ ...input, id: randomUUID() }) };

  const id = input.id;
  const before = (await classesNow([id])).get(id);
  if (!before) throw notFound('There is no such class.');
  if (before.semesterId !== input.semesterId)
    throw failedPrecondition('A class cannot move to another semester: create the class in that semester instead.');
  const saved = await changeSeats({
    kind: 'saveClass',
    classId: id,
    capacity: input.capacity,
    edit: classEdit(input),
    promote: input.status === 'open',
  });
  if (!saved) throw notFound('There is no such class.');
  return { class: (await classesNow([id])).get(id)! };
}

export const handler = portalHandler('saveClass', saveClass);
