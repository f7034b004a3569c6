// How a class's meetings read to a family: "Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20", on
// the programme's clock.
import type { Class, Meeting } from '@contract/records';
import { gradeRange } from '@contract/grades';
import { meetingHours, zoneName } from '@contract/moments';
import { counted } from './counted';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A date alone as the site writes it: "Mar 14, 2018" (moments: useMomentText). */
export { dateLabel } from '@contract/moments';

/** The days of the week a class meets on (0 = Sunday). */
export function meetingDays(meetings: Meeting[]): number[] {
  return [...new Set(meetings.map((meeting) => weekdayOf(meeting.date)))].sort();
}

/** One line per weekly slot, e.g. "Saturdays 9:00 AM–12:00 PM". */
function weeklySlots(meetings: Meeting[]): string[] {
  const slots = new Map<string, Meeting>();
  for (const meeting of meetings) slots.set(`${weekdayOf(meeting.date)}|${meeting.start}|${meeting.end}`, meeting);
  return [...slots.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, meeting]) => `${WEEKDAYS[weekdayOf(meeting.date)]}s ${meetingHours(meeting)}`);
}

/**
 * "Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20": the times on the clock of `timeZone` (the
 * programme's, useProgrammeTimeZone), named once.
 */
export function scheduleSummary(meetings: Meeting[], timeZone: string): string {
  if (meetings.length === 0) return 'Schedule to be announced';
  const sorted = [...meetings].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0]!.date;
  const span = sorted.length === 1 ? shortDate(first) : `${shortDate(first)} – ${shortDate(sorted.at(-1)!.date)}`;
  const slots = weeklySlots(sorted);
  const when = slots.length <= 2 ? `${slots.join(', ')} ${zoneName(timeZone, first)}` : `${slots.length} time slots`;
  return `${when} · ${counted(sorted.length, 'meeting')}, ${span}`;
}

/** "Grades 6–8", or "All grades". */
export function gradesLabel(cls: Pick<Class, 'minGrade' | 'maxGrade'>): string {
  const range = gradeRange(cls.minGrade, cls.maxGrade);
  return range ? range.charAt(0).toUpperCase() + range.slice(1) : 'All grades';
}

export function seatsLabel(cls: Pick<Class, 'seatsLeft' | 'waitlisted'>): string {
  if (cls.seatsLeft > 0) return `${counted(cls.seatsLeft, 'seat')} left`;
  return 'Full – join waitlist';
}
