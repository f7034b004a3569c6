import type { CalendarEvent, Class } from '../contract/records';

/** The meetings of the classes between two dates (inclusive), as calendar events in time order. */
export function meetingsBetween(classes: Class[], start: string, end: string): CalendarEvent[] {
  return classes
    .flatMap((cls) =>
      cls.meetings
        .filter((meeting) => meeting.date >= start && meeting.date <= end)
        .map((meeting) => ({
          classId: cls.id,
          title: cls.name,
          start: `${meeting.date}T${meeting.start}`,
          end: `${meeting.date}T${meeting.end}`,
          location: cls.location,
          ...(meeting.cancelled && { cancelled: true }),
        })),
    )
    .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}
