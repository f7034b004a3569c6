import { randomUUID } from 'node:crypto';
import { classesNow, createClass, updateClass } from '../data/classes';
import { fillFreeSeats } from '../data/seats';
import { getSemester } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import { failedPrecondition, invalidArgument, notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/**
 * Creates or changes a class. A capacity below the number enrolled is refused; more seats go to the
 * waitlist at once; closing a class stops new enrollments and keeps its roster.
 */
export async function saveClass(input: ParsedInput<'saveClass'>) {
  if (!(await getSemester(input.semesterId))) throw invalidArgument('semesterId: there is no such semester');
  if (!input.id) return { class: await createClass({ ...input, id: randomUUID() }) };

  const id = input.id;
  const before = (await classesNow([id])).get(id);
  if (!before) throw notFound('There is no such class.');
  if (before.semesterId !== input.semesterId) throw failedPrecondition('A class cannot move to another semester: create the class in that semester instead.');
  if (!(await updateClass(id, input, new Date().toISOString()))) {
    const now = (await classesNow([id])).get(id);
    throw failedPrecondition(`The capacity cannot be lower than the ${now?.enrolled ?? before.enrolled} students already enrolled.`);
  }
  if (input.status === 'open') await fillFreeSeats(id);
  return { class: (await classesNow([id])).get(id)! };
}

export const handler = portalHandler('saveClass', saveClass);
