// A class's attendance, in a partition of its own (`ATTENDANCE#<classId>`), apart from the class's enrollments
// (which registration day reads and writes): each mark an instructor made is an event item
// (`EVENT#<date>#<key>`), written once under the condition that its key is new and never overwritten, so a phone
// that sends a mark again after a lost answer stores it once, and two instructors' marks of one child both stay.
// A family's absence report is one item per child and meeting (`ABSENCE#<date>#<studentId>`), its latest note.
import type { AttendanceEvent, AttendanceMark, ReportedAbsence } from '../contract/classDay';
import type { Key } from '../platform/dynamo';
import { entity, optional } from '../platform/entity';
import { mailRequestPut } from '../platform/mailRequests';
import { transactWrite } from '../platform/transact';

const attendancePartition = (classId: string) => `ATTENDANCE#${classId}`;

const eventEntity = entity<AttendanceEvent, Pick<AttendanceEvent, 'classId' | 'date' | 'key'>>({
  type: 'attendanceEvent',
  key: {
    partition: ({ classId }) => attendancePartition(classId),
    sort: { prefix: 'EVENT#', of: ({ date, key }) => `${date}#${key}` },
  },
  read: (item) => {
    const common = {
      key: item.string('key'),
      classId: item.string('classId'),
      date: item.string('date'),
      studentId: item.string('studentId'),
      at: item.string('at'),
      deviceId: item.string('deviceId'),
      by: item.string('by'),
      byEmail: item.string('byEmail'),
      recordedAt: item.string('recordedAt'),
    };
    const kind = item.oneOf('kind', ['present', 'absent', 'checkIn', 'checkOut']);
    if (kind !== 'checkOut') return { ...common, kind };
    return {
      ...common,
      kind,
      pickedUpBy: item.string('pickedUpBy'),
      ...optional('reason', item.optionalString('reason')),
      ...optional('flagged', item.item.flagged === true ? (true as const) : undefined),
    };
  },
});

const absenceEntity = entity<ReportedAbsence, { classId: string; date: string; studentId: string }>({
  type: 'absenceReport',
  key: {
    partition: ({ classId }) => attendancePartition(classId),
    sort: { prefix: 'ABSENCE#', of: ({ date, studentId }) => `${date}#${studentId}` },
  },
  read: (item) => ({
    studentId: item.string('studentId'),
    date: item.string('date'),
    note: item.string('note'),
    reportedAt: item.string('reportedAt'),
  }),
});

/** Who made a mark: the instructor's login and the address they were invited at. */
export interface Marker {
  sub: string;
  email: string;
}

/**
 * Records a mark of a child of `familyId` once: false when a mark with its key was recorded already (in that
 * meeting), which stands as it was. A check-out is written with the request for the family's e-mail about it.
 */
export async function recordMark(
  mark: AttendanceMark,
  by: Marker,
  flagged: boolean,
  familyId: string,
): Promise<boolean> {
  const event: AttendanceEvent = {
    ...mark,
    by: by.sub,
    byEmail: by.email,
    recordedAt: new Date().toISOString(),
    ...(flagged && { flagged: true as const }),
  };
  if (mark.kind !== 'checkOut') return eventEntity.put(event, { ifNew: true });
  const { classId, studentId, at, pickedUpBy, reason } = mark;
  const told = { kind: 'checkedOut' as const, familyId, classId, studentId, at, pickedUpBy };
  const outcome = await transactWrite([
    eventEntity.putItem(event, { ifNew: true }),
    mailRequestPut(
      { ...told, ...optional('reason', reason), ...(flagged && { flagged: true as const }) },
      event.recordedAt,
    ),
  ]);
  return outcome.committed;
}

/** Whether a mark with this key was recorded in its meeting. */
export async function markRecorded(mark: Pick<AttendanceMark, 'classId' | 'date' | 'key'>): Promise<boolean> {
  return (await eventEntity.get(mark)) !== undefined;
}

/** Every event of the class's meetings, in no particular order (see inOrderMade). */
export function classEvents(classId: string): Promise<AttendanceEvent[]> {
  return eventEntity.inPartition({ classId });
}

/** A meeting's events, in no particular order (see inOrderMade). */
export function meetingEvents(classId: string, date: string): Promise<AttendanceEvent[]> {
  return eventEntity.inPartition({ classId }, { where: { date } });
}

/** The office was told that a child was still checked in after a meeting (stillCheckedIn.ts): once per child and meeting. */
const stillOutEntity = entity<{ toldAt: string }, { classId: string; date: string; studentId: string }>({
  type: 'stillCheckedInNotice',
  key: {
    partition: ({ classId }) => attendancePartition(classId),
    sort: { prefix: 'STILLOUT#', of: ({ date, studentId }) => `${date}#${studentId}` },
  },
  read: (item) => ({ toldAt: item.string('toldAt') }),
  write: ({ toldAt }) => ({ toldAt }),
});

/**
 * Asks for the office's e-mail about a child still checked in after a meeting, with the marker that it was asked:
 * false when it was asked before (runs that overlap, or run again, ask once).
 */
export async function tellOfficeStillCheckedIn(
  notice: { classId: string; date: string; studentId: string; familyId?: string },
  now: string,
): Promise<boolean> {
  const outcome = await transactWrite([
    stillOutEntity.putItem({ ...notice, toldAt: now }, { ifNew: true }),
    mailRequestPut({ kind: 'stillCheckedIn', ...notice }, now),
  ]);
  return outcome.committed;
}

/**
 * Records a family's absence report, over an earlier one for the same child and meeting, with the request for the
 * family's confirmation e-mail (each report is confirmed, a changed note too).
 */
export async function reportAbsence(
  classId: string,
  familyId: string,
  absence: Omit<ReportedAbsence, 'reportedAt'>,
): Promise<void> {
  const reportedAt = new Date().toISOString();
  await transactWrite([
    absenceEntity.putItem({ classId, ...absence, reportedAt }),
    mailRequestPut({ kind: 'absenceReported', classId, familyId, ...absence }, reportedAt),
  ]);
}

/**
 * The keys of everything the class's attendance holds of one child: its marks, its family's absence reports and
 * the office's alarms about it (data retention removes them with the child's enrollment).
 */
export async function attendanceKeysOfStudent(classId: string, studentId: string): Promise<Key[]> {
  const [events, absences, alarms] = await Promise.all([
    eventEntity.inPartition({ classId }),
    absenceEntity.inPartition({ classId }),
    stillOutEntity.keysInPartition({ classId }),
  ]);
  return [
    ...events.filter((event) => event.studentId === studentId).map((event) => eventEntity.key(event)),
    ...absences
      .filter((absence) => absence.studentId === studentId)
      .map((absence) => absenceEntity.key({ classId, ...absence })),
    ...alarms.filter((key) => key.SK.endsWith(`#${studentId}`)),
  ];
}

/** The absences reported for a class's meetings, by day. */
export function classAbsences(classId: string): Promise<ReportedAbsence[]> {
  return absenceEntity.inPartition({ classId });
}
