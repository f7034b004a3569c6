// The class day as the wire contract has it: instructors, their class-day roster, and the attendance marks they
// send from a phone (often long after they were made, when signal returns), with the rules both sides apply to
// them: who may take a child home, the order of a meeting's events, and who is checked in now.
import * as z from 'zod/mini';
import {
  id,
  isoDate,
  isoDateTime,
  oneLine,
  requiredOneLine,
  type Answer,
  type AskedQuestion,
  type Class,
  type Student,
} from './records';

/** The most marks one call records: a phone sends what waited in turns of this size. */
export const MAX_MARKS_PER_CALL = 25;
/** The most classes one instructor is assigned to. */
export const MAX_INSTRUCTOR_CLASSES = 50;

const markCommon = {
  /** The phone's own id for the mark (a uuid): sent again after a lost answer, it is recorded once. */
  key: z.uuid('must be a uuid made on the device'),
  classId: id,
  /** The meeting's day. */
  date: isoDate,
  studentId: id,
  /** When the instructor made the mark, by the phone's clock. */
  at: isoDateTime,
  /** The phone the mark was made on (its own id, kept on it). */
  deviceId: id,
};

/** One attendance mark as a phone sends it. */
const attendanceMark = z.discriminatedUnion('kind', [
  z.strictObject({ ...markCommon, kind: z.literal('present') }),
  z.strictObject({ ...markCommon, kind: z.literal('absent') }),
  z.strictObject({ ...markCommon, kind: z.literal('checkIn') }),
  z.strictObject({
    ...markCommon,
    kind: z.literal('checkOut'),
    /** The adult the child left with: a name of the pick-up list, or anyone else with a reason. */
    pickedUpBy: requiredOneLine(120),
    reason: z.optional(oneLine(300)),
  }),
]);
export type AttendanceMark = z.output<typeof attendanceMark>;

export const attendanceMarks = z.array(attendanceMark).check(
  z.minLength(1, 'must hold at least one mark'),
  z.maxLength(MAX_MARKS_PER_CALL, `must hold at most ${MAX_MARKS_PER_CALL} marks: send the rest in another call`),
  z.refine((marks) => new Set(marks.map((mark) => mark.key)).size === marks.length, 'must not hold a key twice'),
);

/** A family's note that its child will miss a meeting ("Ben is sick today"). */
export const absenceReport = z.strictObject({
  classId: id,
  date: isoDate,
  studentId: id,
  note: requiredOneLine(200),
});

/** A mark as recorded: who made it, and when the portal received it. */
export type AttendanceEvent = AttendanceMark & {
  /** The instructor's login, and their address as the invitation had it. */
  by: string;
  byEmail: string;
  recordedAt: string;
  /** A check-out to an adult who is not on the child's pick-up list: the office looks at each. */
  flagged?: true;
};

export interface ReportedAbsence {
  studentId: string;
  date: string;
  note: string;
  reportedAt: string;
}

/**
 * What a phone learns of each mark it sent: recorded now or before, or refused with the reason (a child no longer
 * enrolled, a meeting cancelled, a class no longer the instructor's while the phone was out of signal). Each mark is
 * answered on its own, so one refused never holds the others back on the phone.
 */
export type MarkOutcome = { key: string } & (
  | { outcome: 'recorded' | 'already recorded'; flagged?: true }
  | { outcome: 'refused'; reason: string }
);

/** A child on the class-day roster: what the day needs to keep the child safe, and nothing else of the family's. */
export type ClassDayChild = Pick<
  Student,
  | 'firstName'
  | 'lastName'
  | 'photoConsent'
  | 'allergies'
  | 'medications'
  | 'medicalNotes'
  | 'emergencyContacts'
  | 'pickupAdults'
> & {
  studentId: string;
  /** The answers to the questions marked for instructors. */
  answers: Answer[];
  absences: ReportedAbsence[];
};

export interface ClassDayRoster {
  class: Class;
  /** The questions whose answers instructors see. */
  questions: AskedQuestion[];
  children: ClassDayChild[];
}

/** An instructor as the office lists them, with their classes. */
export interface InstructorSummary {
  sub: string;
  email: string;
  since: string;
  classes: Array<Pick<Class, 'id' | 'name' | 'semesterId'>>;
}

export interface InstructorInvitation {
  email: string;
  classIds: string[];
  invitedByEmail: string;
  createdAt: string;
  expiresAt: string;
}

/** One child's day at a meeting, as the office reads it. */
export interface ChildAttendance {
  studentId: string;
  name: string;
  events: AttendanceEvent[];
  absence?: ReportedAbsence;
  checkedIn: boolean;
}

const normalized = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
const sameName = (a: string, b: string) => normalized(a) === normalized(b);

/**
 * Whether a check-out may be recorded, and flagged: to an adult of the pick-up list (by name, however spaced or
 * cased) it is plain; to anyone else it needs a reason, and the office is shown it. A problem is a message.
 */
export function checkOutRule(
  mark: Pick<Extract<AttendanceMark, { kind: 'checkOut' }>, 'pickedUpBy' | 'reason'>,
  pickupAdults: ReadonlyArray<{ name: string }>,
): { flagged: boolean } | { problem: string } {
  if (pickupAdults.some((adult) => sameName(adult.name, mark.pickedUpBy))) return { flagged: false };
  if (!mark.reason)
    return { problem: `${mark.pickedUpBy} is not on the child's pick-up list: give a reason to check the child out.` };
  return { flagged: true };
}

/**
 * A meeting's events in the order they were made: by the phone's moment, then as the portal received them, then
 * by key, so every reader puts two instructors' marks of one moment in the same order.
 */
export function inOrderMade<E extends Pick<AttendanceEvent, 'at' | 'recordedAt' | 'key'>>(events: readonly E[]): E[] {
  const moment = (at: string) => Date.parse(at);
  return [...events].sort(
    (a, b) => moment(a.at) - moment(b.at) || a.recordedAt.localeCompare(b.recordedAt) || a.key.localeCompare(b.key),
  );
}

/** Whether a child is checked in now: its last check-in or check-out, in order made, was a check-in. */
export function checkedInNow(events: ReadonlyArray<Pick<AttendanceEvent, 'kind' | 'at' | 'recordedAt' | 'key'>>) {
  const moves = inOrderMade(events).filter((event) => event.kind === 'checkIn' || event.kind === 'checkOut');
  return moves.at(-1)?.kind === 'checkIn';
}

/**
 * What a child's marks of one meeting come to, for the family's view and the office's reports: the last present or
 * absent mark (a check-in counts as present when there is none), the first check-in, the last check-out with whom
 * the child left, and the family's absence report.
 */
export interface MeetingRecord {
  date: string;
  attended?: 'present' | 'absent';
  checkedInAt?: string;
  checkedOutAt?: string;
  pickedUpBy?: string;
  /** The check-out was to an adult off the pick-up list. */
  flagged?: true;
  absence?: Pick<ReportedAbsence, 'note' | 'reportedAt'>;
}

export function meetingRecord(
  date: string,
  events: readonly AttendanceEvent[],
  absence?: Pick<ReportedAbsence, 'note' | 'reportedAt'>,
): MeetingRecord {
  const ordered = inOrderMade(events);
  const marked = ordered.filter((event) => event.kind === 'present' || event.kind === 'absent').at(-1)?.kind;
  const checkIn = ordered.find((event) => event.kind === 'checkIn');
  const checkOut = ordered.findLast((event) => event.kind === 'checkOut');
  const attended = marked ?? (checkIn ? 'present' : undefined);
  return {
    date,
    ...(attended && { attended }),
    ...(checkIn && { checkedInAt: checkIn.at }),
    ...(checkOut?.kind === 'checkOut' && {
      checkedOutAt: checkOut.at,
      pickedUpBy: checkOut.pickedUpBy,
      ...(checkOut.flagged && { flagged: true as const }),
    }),
    ...(absence && { absence: { note: absence.note, reportedAt: absence.reportedAt } }),
  };
}

/** A child's record in one class: each of its meetings. */
export interface ClassAttendanceRecord {
  classId: string;
  className: string;
  meetings: MeetingRecord[];
}

/** A class meeting today, as the office watches the day: who is checked in now, of how many enrolled and marked. */
export interface ClassToday {
  classId: string;
  className: string;
  meetings: Array<{ start: string; end: string }>;
  enrolled: number;
  /** The children with any mark today. */
  marked: number;
  /** The children checked in now, each since its last check-in (the phone's moment). */
  checkedIn: Array<{ studentId: string; name: string; since: string }>;
}
