// The enrollment audit trail: every change of an enrollment, who made it, when, from what to what.
// Written in the same transaction as the change. `ENROLLMENT#id / AUDIT#at#n`; GSI2 lists a semester's
// latest activity (`SEMESTER#id#ACTIVITY`, newest last).
import { randomUUID } from 'node:crypto';
import type { EnrollmentStatus } from '../records';
import type { Caller } from '../shared/caller';
import type { Item } from '../shared/dynamo';
import type { StoredEnrollment } from './enrollments';

export type AuditReason = 'enroll' | 'waitlist' | 'cancel' | 'promote' | 'account-deleted';

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

export function auditItem(enrollment: StoredEnrollment, from: AuditEntry['from'], reason: AuditReason, by: Caller | 'portal', at: string): Item {
  const n = randomUUID();
  const entry: AuditEntry = {
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
  };
  return {
    PK: `ENROLLMENT#${enrollment.id}`,
    SK: `AUDIT#${at}#${n}`,
    GSI2PK: `SEMESTER#${enrollment.semesterId}#ACTIVITY`,
    GSI2SK: `${at}#${n}`,
    type: 'audit',
    ...entry,
  };
}
