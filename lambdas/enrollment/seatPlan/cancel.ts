// Cancelling an enrollment (a group's as a whole): its seats go to the first in line who can take them. An offer
// that lapses is cancelled the same way (offers.ts).
import type { Actor } from '../../platform/caller';
import { failedPrecondition } from '../../contract/errors';
import type { AuditReason } from '../audit';
import { holdsSeat, isActive, type StoredEnrollment } from '../enrollments';
import {
  addDelta,
  changed,
  classWrites,
  familyCounts,
  groupOf,
  itemsOf,
  leaving,
  MAX_TRANSACTION_ITEMS,
  nothingToWrite,
  present,
  promote,
  refuse,
  type CancelOutcome,
  type SeatDelta,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';
import type { NoticeKind } from '../../contract/mailRecords';

export function planCancel(
  view: SeatView,
  { enrollment, by, reason }: { enrollment: StoredEnrollment; by: Actor | 'portal'; reason: AuditReason },
  stamp: Stamp,
): SeatPlan<CancelOutcome> {
  const named = enrollment.groupId ? groupOf(view, enrollment) : present([view.enrollments.get(enrollment.id)]);
  // An earlier try of this very call went through (its answer was lost).
  const own = named.filter((entry) => entry.requestToken === stamp.token);
  if (own.length) return nothingToWrite({ cancelled: own, promoted: [] });
  const targets = named.filter((entry) => isActive(entry.status));
  if (targets.length === 0) return refuse(failedPrecondition('This enrollment is already cancelled.'));

  const deltas = new Map<string, SeatDelta>();
  for (const target of targets) addDelta(deltas, target.classId, leaving(target));
  const cancelled = targets.map((target) => changed(target, 'cancelled', stamp));
  const writes: SeatWrite[] = cancelled.map((entry, index) => ({
    kind: 'enrollment',
    enrollment: entry,
    expected: targets[index]!.status,
    offerSeen: targets[index]!.offerExpiresAt,
    reason,
    by,
  }));
  // A student who is gone (left behind by an account deletion before it was guarded) has no counts to keep.
  if (view.students.has(enrollment.studentId)) {
    writes.push(
      { kind: 'student', familyId: enrollment.familyId, studentId: enrollment.studentId, delta: -targets.length },
      {
        kind: 'family',
        familyId: enrollment.familyId,
        change: { counts: familyCounts(targets, -1), refuseDeleted: false },
      },
    );
  }
  // The family is told, unless it is deleting its account (then nobody is left to tell).
  if (reason !== 'account-deleted')
    writes.push({
      kind: 'notice',
      notice: noticeOfCancel(by, enrollment),
      enrollments: cancelled,
    });
  const released = targets.filter(holdsSeat).map((target) => target.classId);
  const promotions = promote(view, view.classes, deltas, released, new Set(targets.map((target) => target.id)), {
    budget: MAX_TRANSACTION_ITEMS - itemsOf(writes),
    stamp,
  });
  return {
    writes: [
      ...classWrites(
        view,
        deltas,
        (classId) => ({ waitlistUnchanged: promotions.released.includes(classId) }),
        promotions.keptWaiting,
      ),
      ...writes,
      ...promotions.writes,
    ],
    outcome: { cancelled, promoted: promotions.promoted },
  };
}

/** What a family is told of a cancel: by itself, by an administrator, or an offer that lapsed. */
function noticeOfCancel(by: Actor | 'portal', enrollment: StoredEnrollment): NoticeKind {
  if (by === 'portal') return 'offerLapsed';
  return by.isAdmin && (by.familyId ?? by.sub) !== enrollment.familyId ? 'cancelledByAdmin' : 'cancelled';
}
