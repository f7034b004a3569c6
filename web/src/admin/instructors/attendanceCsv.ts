// A meeting's attendance as text: one line per mark on screen, and the CSV the office downloads (a row per mark,
// and a row for a child with none, so the file names every child enrolled).
import type { AttendanceEvent, ChildAttendance, MeetingRecord } from '@contract/classDay';
import { toCsv } from '../csv';

const KIND_TEXT: Record<AttendanceEvent['kind'], string> = {
  present: 'Present',
  absent: 'Absent',
  checkIn: 'Checked in',
  checkOut: 'Checked out',
};

/** "Checked out to Dana Tester, Jan 17, 2027, 3:05 PM, by ann@example.com (flagged: the aunt phoned)". */
export function eventText(event: AttendanceEvent, momentText: (iso: string) => string): string {
  const to = event.kind === 'checkOut' ? ` to ${event.pickedUpBy}` : '';
  const flag = event.kind === 'checkOut' && event.flagged ? ` (not on the pick-up list: ${event.reason})` : '';
  return `${KIND_TEXT[event.kind]}${to}, ${momentText(event.at)}, by ${event.byEmail}${flag}`;
}

type Row = { child: ChildAttendance; event?: AttendanceEvent };

export function attendanceCsv(children: ChildAttendance[]): string {
  const rows: Row[] = children.flatMap((child) =>
    child.events.length === 0 ? [{ child }] : child.events.map((event) => ({ child, event })),
  );
  return toCsv(rows, [
    { header: 'Child', value: ({ child }) => child.name },
    { header: 'Absence reported', value: ({ child }) => child.absence?.note },
    { header: 'Mark', value: ({ event }) => event && KIND_TEXT[event.kind] },
    { header: 'Made at', value: ({ event }) => event?.at },
    { header: 'Received at', value: ({ event }) => event?.recordedAt },
    { header: 'By', value: ({ event }) => event?.byEmail },
    { header: 'Picked up by', value: ({ event }) => (event?.kind === 'checkOut' ? event.pickedUpBy : undefined) },
    { header: 'Flagged', value: ({ event }) => (event?.flagged ? 'yes' : '') },
    { header: 'Reason', value: ({ event }) => (event?.kind === 'checkOut' ? event.reason : undefined) },
    { header: 'Checked in now', value: ({ child }) => (child.checkedIn ? 'yes' : '') },
  ]);
}

type ChildRecords = { name: string; meetings: MeetingRecord[] };

/** A class's attendance over time as CSV: a row per child and meeting. */
export function classAttendanceCsv(children: ChildRecords[]): string {
  const rows = children.flatMap((child) => child.meetings.map((record) => ({ child, record })));
  return toCsv(rows, [
    { header: 'Child', value: ({ child }) => child.name },
    { header: 'Meeting', value: ({ record }) => record.date },
    { header: 'Marked', value: ({ record }) => record.attended },
    { header: 'Checked in at', value: ({ record }) => record.checkedInAt },
    { header: 'Checked out at', value: ({ record }) => record.checkedOutAt },
    { header: 'Picked up by', value: ({ record }) => record.pickedUpBy },
    { header: 'Flagged', value: ({ record }) => (record.flagged ? 'yes' : '') },
    { header: 'Absence reported', value: ({ record }) => record.absence?.note },
  ]);
}
