// How a class's meetings read to a family: "Saturdays 09:00–12:00 · 8 meetings, Jan 2 – Feb 20".
import type { Class, Meeting } from '@contract/records';
import { gradeRange } from '@contract/grades';
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

/** One line per weekly slot, e.g. "Saturdays 09:00–12:00". */
function weeklySlots(meetings: Meeting[]): string[] {
  const slots = new Map<string, number>();
  for (const meeting of meetings)
    slots.set(`${weekdayOf(meeting.date)}|${meeting.start}|${meeting.end}`, weekdayOf(meeting.date));
  return [...slots.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([slot, day]) => {
      const [, start, end] = slot.split('|');
      return `${WEEKDAYS[day]}s ${start}–${end}`;
    });
}

export function scheduleSummary(meetings: Meeting[]): string {
  if (meetings.length === 0) return 'Schedule to be announced';
  const sorted = [...meetings].sort((a, b) => a.date.localeCompare(b.date));
  const span =
    sorted.length === 1
      ? shortDate(sorted[0]!.date)
      : `${shortDate(sorted[0]!.date)} – ${shortDate(sorted.at(-1)!.date)}`;
  const slots = weeklySlots(sorted);
  const when = slots.length <= 2 ? slots.join(', ') : `${slots.length} time slots`;
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
