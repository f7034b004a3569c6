// The enrollment audit trail: every change of an enrollment, who made it, when, from what to what.
// Written in the same transaction as the change. `ENROLLMENT#id / AUDIT#at#n`; GSI2 lists a semester's
// latest activity (`SEMESTER#id#ACTIVITY#<shard>`, newest last in each).
import { randomUUID } from 'node:crypto';
import type { ActivityEntry, EnrollmentStatus } from '../contract/records';
import type { Actor } from '../platform/caller';
import { entity, optional } from '../platform/entity';
import { SEMESTER_LIST_SHARDS } from '../platform/partitions';
import type { StoredEnrollment } from './enrollments';
import { studentName, studentsByKey } from '../families/students';

const auditReasons = [
  'enroll',
  'waitlist',
  'cancel',
  'promote',
  'move',
  'account-deleted',
  /** A seat held for a waiting student (offers mode), accepted by the family, or lapsed at its deadline. */
  'offer',
  'offer-accepted',
  'offer-lapsed',
  /** A seat or a waitlist place given by a published lottery draw. */
  'lottery',
] as const;
export type AuditReason = (typeof auditReasons)[number];

export interface AuditEntry {
  enrollmentId: string;
  classId: string;
  studentId: string;
  familyId: string;
  semesterId: string;
  groupId?: string;
  from: EnrollmentStatus | 'none';
  to: EnrollmentStatus;
  reason: AuditReason;
  /** The user who acted, or `portal` when the portal acted by itself (a promotion). */
  by: string;
  byAdmin: boolean;
  at: string;
}

/** An audit record's key: its enrollment, its moment, and `n`, which tells apart two of one moment. */
type AuditKey = Pick<AuditEntry, 'enrollmentId' | 'at'> & { n: string };

export const auditEntity = entity<AuditEntry, AuditKey, 'ofSemester'>({
  type: 'audit',
  key: {
    partition: ({ enrollmentId }) => `ENROLLMENT#${enrollmentId}`,
    sort: { prefix: 'AUDIT#', of: ({ at, n }) => `${at}#${n}` },
  },
  lists: {
    ofSemester: {
      index: 'GSI2',
      partition: ({ semesterId }) => `SEMESTER#${semesterId}#ACTIVITY`,
      sort: { prefix: '', of: ({ at, n }) => `${at}#${n}` },
      shards: { count: SEMESTER_LIST_SHARDS, by: ({ n }) => n },
    },
  },
  read: (item) => ({
    enrollmentId: item.string('enrollmentId'),
    classId: item.string('classId'),
    studentId: item.string('studentId'),
    familyId: item.string('familyId'),
    semesterId: item.string('semesterId'),
    ...optional('groupId', item.optionalString('groupId')),
    from: item.oneOf('from', ['none', 'enrolled', 'waitlisted', 'cancelled']),
    to: item.oneOf('to', ['enrolled', 'waitlisted', 'cancelled']),
    reason: item.oneOf('reason', auditReasons),
    by: item.string('by'),
    byAdmin: item.boolean('byAdmin'),
    at: item.string('at'),
  }),
});

/** The audit record of a change of `enrollment`, for the transaction that makes the change. */
export function auditRecord(
  enrollment: StoredEnrollment,
  from: AuditEntry['from'],
  reason: AuditReason,
  by: Actor | 'portal',
  at: string,
): AuditEntry & AuditKey {
  return {
    enrollmentId: enrollment.id,
    classId: enrollment.classId,
    studentId: enrollment.studentId,
    familyId: enrollment.familyId,
    semesterId: enrollment.semesterId,
    ...(enrollment.groupId && { groupId: enrollment.groupId }),
    from,
    to: enrollment.status,
    reason,
    by: by === 'portal' ? 'portal' : by.sub,
    byAdmin: by !== 'portal' && by.isAdmin,
    at,
    n: randomUUID(),
  };
}

/** A semester's enrollment activity, newest first, a page at a time. */
export async function semesterActivity(
  semesterId: string,
  limit: number,
  cursor?: string,
  classId?: string,
): Promise<{ entries: AuditEntry[]; next?: string }> {
  const page = await auditEntity.page('ofSemester', { semesterId }, { limit, cursor, newestFirst: true, classId });
  return { entries: page.items, ...(page.next && { next: page.next }) };
}

/** Audit entries with the class and student names an administrator reads. */
export async function namedActivity(entries: AuditEntry[], classNames: Map<string, string>): Promise<ActivityEntry[]> {
  const students = await studentsByKey(
    entries.map((entry) => ({ familyId: entry.familyId, studentId: entry.studentId })),
  );
  return entries.map((entry) => ({
    at: entry.at,
    enrollmentId: entry.enrollmentId,
    classId: entry.classId,
    className: classNames.get(entry.classId) ?? entry.classId,
    studentId: entry.studentId,
    studentName: students.has(entry.studentId) ? studentName(students.get(entry.studentId)!) : 'A removed student',
    from: entry.from,
    to: entry.to,
    reason: entry.reason,
    byAdmin: entry.byAdmin,
    actor: entry.by === 'portal' ? 'portal' : entry.byAdmin ? 'admin' : 'family',
  }));
}
