// How a class's meetings read to a family: "Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20", on
// the programme's clock, in the reader's language ("Sábados 9:00–12:00 (hora de Denver) · 8 sesiones, 2 ene –
// 20 feb"). English keeps the site's own 12-hour clock and dates; another language writes them as Intl does.
import type { Class, Meeting } from '@contract/records';
import { meetingHours, zoneName } from '@contract/moments';
import { formatsFor } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { i18n } from '../i18n/schedule';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The language the messages are in now: a helper called while a screen renders speaks the screen's language. */
const active = () => i18n.locale as Language;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A wall-clock date and time (as meetings store them) read on a clock with no offset, so it reads as written. */
export const wallClock = (date: string, time = '00:00') => `${date}T${time}:00Z`;

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

/** shortDate's "Jan 2" in a language: "2 ene". */
const shortDateIn = (date: string, language: Language) =>
  language === 'en'
    ? shortDate(date)
    : formatsFor(language, 'UTC').moment(wallClock(date), { month: 'short', day: 'numeric' });

/** A date alone as the site writes it: "Mar 14, 2018" (moments: useMomentText). */
export { dateLabel } from '@contract/moments';

/** A day of the week (0 = Sunday) in a language: "Sunday" / "domingo", or "Sun" / "dom" (`short`). */
export function weekdayName(day: number, language: Language, width: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday.
  return formatsFor(language, 'UTC').moment(wallClock(`2023-01-0${day + 1}`), { weekday: width });
}

/** A meeting's times on its wall clock: "9:00 AM–12:00 PM" / "9:00–12:00". */
export function hoursOf(meeting: Pick<Meeting, 'date' | 'start' | 'end'>, language: Language = active()): string {
  if (language === 'en') return meetingHours(meeting);
  const time = (at: string) =>
    formatsFor(language, 'UTC').moment(wallClock(meeting.date, at), { hour: 'numeric', minute: '2-digit' });
  return `${time(meeting.start)}–${time(meeting.end)}`;
}

/** The zone's name beside wall-clock times, as on `date`: "MT" / "hora de Denver" (UTC: "UTC"). */
export function zoneNameIn(timeZone: string, date: string, language: Language = active()): string {
  if (language === 'en') return zoneName(timeZone, date);
  const name = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find(({ type }) => type === 'timeZoneName')?.value;
  return !name || name === 'GMT+0' ? 'UTC' : name;
}

/** The days of the week a class meets on (0 = Sunday). */
export function meetingDays(meetings: Meeting[]): number[] {
  return [...new Set(meetings.map((meeting) => weekdayOf(meeting.date)))].sort();
}

/** One line per weekly slot, e.g. "Saturdays 9:00 AM–12:00 PM". */
function weeklySlots(meetings: Meeting[], language: Language): string[] {
  const slots = new Map<string, Meeting>();
  for (const meeting of meetings) slots.set(`${weekdayOf(meeting.date)}|${meeting.start}|${meeting.end}`, meeting);
  return [...slots.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, meeting]) =>
      i18n._('schedule.summary.weekly', {
        day: WEEKDAYS[weekdayOf(meeting.date)]!.toLowerCase(),
        hours: hoursOf(meeting, language),
      }),
    );
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20": the times on the clock of `timeZone` (the
 * programme's, useProgrammeTimeZone), named once; in the language active when it is called.
 */
export function scheduleSummary(meetings: Meeting[], timeZone: string): string {
  if (meetings.length === 0) return i18n._('schedule.summary.tba');
  const language = active();
  const sorted = [...meetings].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0]!.date;
  const last = sorted.at(-1)!.date;
  const span =
    sorted.length === 1
      ? shortDateIn(first, language)
      : `${shortDateIn(first, language)} – ${shortDateIn(last, language)}`;
  const slots = weeklySlots(sorted, language);
  const when =
    slots.length <= 2
      ? i18n._('schedule.summary.zoned', { slots: slots.join(', '), zone: zoneNameIn(timeZone, first, language) })
      : i18n._('schedule.summary.slotCount', { count: slots.length });
  return upperFirst(i18n._('schedule.summary.line', { when, count: sorted.length, span }));
}

/** A grade's short name: "Pre-K", "K", "6". */
const gradeName = (value: number) =>
  value === -1 ? i18n._('schedule.grades.preK') : value === 0 ? i18n._('schedule.grades.k') : String(value);

/** A child's school grade on its own: "Pre-K", "K", "Grade 6"; none given, nothing. */
export function gradeText(grade: number | undefined): string {
  if (grade === undefined) return '';
  return i18n._('schedule.grades.child', {
    kind: grade === -1 ? 'preK' : grade === 0 ? 'kindergarten' : 'grade',
    grade,
  });
}

/** "Grades 6–8", or "All grades". */
export function gradesLabel({ minGrade, maxGrade }: Pick<Class, 'minGrade' | 'maxGrade'>): string {
  if (minGrade === undefined && maxGrade === undefined) return i18n._('schedule.grades.all');
  if (minGrade === undefined) return i18n._('schedule.grades.upTo', { max: gradeName(maxGrade!) });
  if (maxGrade === undefined) return i18n._('schedule.grades.from', { min: gradeName(minGrade) });
  return minGrade === maxGrade
    ? i18n._('schedule.grades.one', { grade: gradeName(minGrade) })
    : i18n._('schedule.grades.range', { min: gradeName(minGrade), max: gradeName(maxGrade) });
}

export function seatsLabel(cls: Pick<Class, 'seatsLeft' | 'waitlisted'>): string {
  if (cls.seatsLeft > 0) return i18n._('schedule.seats.left', { count: cls.seatsLeft });
  return i18n._('schedule.seats.full');
}
