import { classesOfSemesters } from '../classes';
import { listSemesters } from '../semesters';
import type { ParsedInput } from '../../contract/manifest';
import { invalidArgument } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { meetingsBetween } from '../meetings';

const DAY = 86_400_000;
const MAX_CALENDAR_DAYS = 400;

/** The meetings of every class between two dates (default: the month before today to half a year ahead). */
export async function calendar({ from, to }: ParsedInput<'calendar'>) {
  const today = new Date().toISOString().slice(0, 10);
  const start = from ?? new Date(Date.parse(today) - 31 * DAY).toISOString().slice(0, 10);
  const end = to ?? new Date(Date.parse(start) + 200 * DAY).toISOString().slice(0, 10);
  if (end < start) throw invalidArgument('to: must not be before from');
  if ((Date.parse(end) - Date.parse(start)) / DAY > MAX_CALENDAR_DAYS)
    throw invalidArgument(`to: the range may span at most ${MAX_CALENDAR_DAYS} days`);
  const semesters = (await listSemesters()).filter(
    (semester) => semester.startDate <= end && semester.endDate >= start,
  );
  const classes = await classesOfSemesters(semesters.map((semester) => semester.id));
  return { events: meetingsBetween(classes, start, end) };
}

export const handler = portalHandler('calendar', calendar);
