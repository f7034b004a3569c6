// An administrator cancels one meeting of a class (weather): the meeting stays in the class's schedule marked
// cancelled (the calendar and its feed show it so), and the families of the class are told, both in one
// transaction. The update names the meeting by its place in the list and checks it is still that meeting.
import type { Class } from '../contract/records';
import { clockText, dateLabel } from '../contract/moments';
import { failedPrecondition, notFound, portalBusy } from '../contract/errors';
import { transactWrite } from '../platform/transact';
import { classEntity, getStoredClass, toClass } from './classes';
import { mailRequestPut } from '../platform/mailRequests';

const MAX_PLANS = 5;

export async function cancelMeeting(
  classId: string,
  when: { date: string; start: string },
  note: string | undefined,
  /** The note in Spanish; none: a family reading Spanish reads the English one. */
  noteEs?: string,
): Promise<Class> {
  const es = noteEs?.trim() ? { cancelNote: noteEs } : undefined;
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const stored = await getStoredClass(classId);
    if (!stored) throw notFound('There is no such class.');
    const index = stored.meetings.findIndex((m) => m.date === when.date && m.start === when.start);
    const meeting = stored.meetings[index];
    if (!meeting)
      throw notFound(`${stored.name} has no meeting on ${dateLabel(when.date)} at ${clockText(when.start)}.`);
    if (meeting.cancelled) throw failedPrecondition('This meeting is cancelled already.');
    const now = new Date().toISOString();
    const outcome = await transactWrite([
      classEntity.updateItem(
        { id: classId },
        {
          setClauses: [
            `meetings[${index}].cancelled = :yes`,
            `meetings[${index}].cancelNote = :note`,
            ...(es ? [`meetings[${index}].es = :es`] : []),
            'updatedAt = :now',
          ],
          condition: `meetings[${index}].#date = :date AND meetings[${index}].#start = :start AND attribute_not_exists(meetings[${index}].cancelled)`,
          names: { '#date': 'date', '#start': 'start' },
          values: {
            ':yes': true,
            ':note': note ?? '',
            ':now': now,
            ':date': meeting.date,
            ':start': meeting.start,
            ...(es && { ':es': es }),
          },
        },
      ),
      mailRequestPut(
        {
          kind: 'meetingCancelled',
          classId,
          meeting: { date: meeting.date, start: meeting.start, end: meeting.end },
          ...(note && { note }),
          ...(es && { es: { note: es.cancelNote } }),
        },
        now,
      ),
    ]);
    if (outcome.committed)
      return toClass({
        ...stored,
        meetings: stored.meetings.map((m, i) =>
          i === index ? { ...m, cancelled: true, ...(note && { cancelNote: note }), ...(es && { es }) } : m,
        ),
      });
  }
  throw portalBusy('the class kept changing while its meeting was cancelled');
}
