// The weekly repeat helper's arithmetic: a schedule ("Saturdays and Sundays 09:00–12:00 from Jan 3, eight
// times") becomes the dated meetings a class stores. Dates are calendar days, so UTC arithmetic is exact.
import type { Meeting } from '@contract/records';

/** The server keeps at most this many meetings per class. */
export const MAX_MEETINGS = 200;

interface WeeklyRepeat {
  firstDate: string;
  /** 0 = Sunday. */
  weekdays: number[];
  start: string;
  end: string;
  ends: { after: number } | { on: string };
}

const DAY = 86_400_000;

/** Every chosen weekday from the first date on, until the number of meetings or the last date is reached. */
export function weeklyMeetings({ firstDate, weekdays, start, end, ends }: WeeklyRepeat): Meeting[] {
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  const meetings: Meeting[] = [];
  if (Number.isNaN(first) || weekdays.length === 0) return meetings;
  const wanted = 'after' in ends ? Math.min(ends.after, MAX_MEETINGS) : MAX_MEETINGS;
  for (let day = first; meetings.length < wanted; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    if ('on' in ends && !(date <= ends.on)) break;
    if (weekdays.includes(new Date(day).getUTCDay())) meetings.push({ date, start, end });
  }
  return meetings;
}

/** The meetings in date order, each date and time once. */
export function mergeMeetings<T extends Meeting>(meetings: T[]): T[] {
  const seen = new Set<string>();
  return [...meetings]
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start))
    .filter((meeting) => {
      const slot = `${meeting.date} ${meeting.start} ${meeting.end}`;
      if (seen.has(slot)) return false;
      seen.add(slot);
      return true;
    });
}
