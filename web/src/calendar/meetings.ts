// Class meetings as the calendar shows them: local times ("2027-01-09T09:00"), a colour per class, in the
// reader's language.
import type { EventInput } from '@fullcalendar/core';
import type { CalendarEvent, Meeting } from '@contract/records';
import { i18n } from '../i18n/calendar';
import { meetingText } from '@contract/moments';
import { formatsFor } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { hoursOf, wallClock, zoneNameIn } from '../layout/schedule';

// Dark enough for white text (WCAG AA), told apart in a busy month.
const CLASS_COLOURS = ['#1d4e89', '#2e7d5b', '#8a3b12', '#6a1b9a', '#00695c', '#ad1457', '#4e342e', '#283593'];

function classColour(classId: string): string {
  let hash = 0;
  for (const char of classId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return CLASS_COLOURS[hash % CLASS_COLOURS.length]!;
}

/** A cancelled meeting stays on the calendar, grey and named so. */
const CANCELLED_COLOUR = '#5f6b7a';

export function toEventInput(meeting: CalendarEvent): EventInput {
  const colour = meeting.cancelled ? CANCELLED_COLOUR : classColour(meeting.classId);
  return {
    id: `${meeting.classId}|${meeting.start}`,
    title: meeting.cancelled ? i18n._('calendar.meeting.cancelledTitle', { title: meeting.title }) : meeting.title,
    start: meeting.start,
    end: meeting.end,
    backgroundColor: colour,
    borderColor: colour,
    extendedProps: { meeting },
  };
}

/**
 * "Sat, Jan 9, 2027, 9:00 AM–12:00 PM MT" / "sáb, 9 ene 2027, 9:00–12:00 hora de Denver", on the clock of
 * `timeZone` (the programme's), in the active language.
 */
export function meetingTime({ start, end }: CalendarEvent, timeZone: string): string {
  const meeting = { date: start.slice(0, 10), start: start.slice(11, 16), end: end.slice(11, 16) };
  const language = i18n.locale as Language;
  if (language === 'en') return meetingText(meeting, timeZone);
  const day = formatsFor(language, 'UTC').moment(wallClock(meeting.date), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `${day}, ${hoursOf(meeting, language)} ${zoneNameIn(timeZone, meeting.date, language)}`;
}

/** Where the calendar goes when a class is chosen: its next meeting, or its last one if it is over. */
export function dateToShow(meetings: Meeting[], today = new Date().toLocaleDateString('en-CA')): string | undefined {
  const dates = meetings.map((meeting) => meeting.date).sort();
  return dates.find((date) => date >= today) ?? dates.at(-1);
}
