import { randomUUID } from 'node:crypto';
import { classEdit, classesNow, createClass } from '../classes';
import type { ClassMailRequest } from '../../platform/mailRequests';
import { changeSeats } from '../../enrollment/seats';
import { classChanges } from '../../mail/notices';
import { classChangesEs } from '../../mail/spanishMessages';
import { getSemester } from '../semesters';
import { readProgrammeTimeZone } from '../settings';
import type { ParsedInput } from '../../contract/manifest';
import type { Class } from '../../contract/records';
import { failedPrecondition, invalidArgument, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

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
  // The form knows nothing of cancelled meetings: a meeting saved as it was stays cancelled.
  const meetings = input.meetings.map(
    ({ date, start, end }) =>
      before.meetings.find((old) => old.cancelled && old.date === date && old.start === start && old.end === end) ?? {
        date,
        start,
        end,
      },
  );
  const notice = before.enrolled + before.waitlisted > 0 ? await noticeOf(before, input) : undefined;
  const saved = await changeSeats({
    kind: 'saveClass',
    classId: id,
    capacity: input.capacity,
    edit: classEdit({ ...input, meetings }),
    promote: input.status === 'open',
    ...(notice && { notice }),
  });
  if (!saved) throw notFound('There is no such class.');
  return { class: (await classesNow([id])).get(id)! };
}

/** What the families in the class are told of a save: that it closed, or what changed for them (on the programme's clock). */
async function noticeOf(before: Class, after: ParsedInput<'saveClass'>): Promise<ClassMailRequest | undefined> {
  if (before.status === 'open' && after.status === 'closed') return { kind: 'classClosed', classId: before.id };
  const timeZone = await readProgrammeTimeZone();
  const changes = classChanges(before, after, timeZone);
  // In Spanish too, for the guardians who read it (issue 34).
  const changesEs = classChangesEs(before, after, timeZone);
  return changes.length ? { kind: 'classChanged', classId: before.id, changes, changesEs } : undefined;
}

export const handler = portalHandler('saveClass', saveClass);
