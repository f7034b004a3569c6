// What the class-day screens share: the day, how a mark reads, and making one.
import Alert from '@mui/material/Alert';
import type { AttendanceMark } from '@contract/classDay';
import { dayOf } from '@contract/moments';
import { deviceId } from '../api/classDayOnDevice';

/**
 * Today on the programme's calendar (`timeZone`, its zone): the day its meetings are dated by, whatever zone the
 * phone is set to (one left on another zone, or a trip's, would pick another day's rosters).
 */
export const today = (timeZone: string) => dayOf(new Date().toISOString(), timeZone);

/** Said above what was loaded earlier and kept on the phone, shown while the portal cannot be reached. */
export function FromPhone() {
  return <Alert severity="info">No signal: shown as this phone kept it when it last had signal.</Alert>;
}

type Kind = AttendanceMark['kind'];
type Made = { kind: Kind; pickedUpBy?: string; reason?: string };

/** A mark made now, with its own key: sent once by that key however often it is sent. */
export function newMark(meeting: { classId: string; date: string }, studentId: string, made: Made): AttendanceMark {
  return {
    key: crypto.randomUUID(),
    classId: meeting.classId,
    date: meeting.date,
    studentId,
    at: new Date().toISOString(),
    deviceId: deviceId(),
    ...made,
  } as AttendanceMark;
}

const KIND_TEXT: Record<Kind, string> = {
  present: 'Present',
  absent: 'Absent',
  checkIn: 'Checked in',
  checkOut: 'Checked out',
};

/** "Checked out to Dana Tester at 3:05 PM". */
export function markText(mark: AttendanceMark): string {
  const time = new Date(mark.at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const to = mark.kind === 'checkOut' ? ` to ${mark.pickedUpBy}` : '';
  return `${KIND_TEXT[mark.kind]}${to} at ${time}`;
}
