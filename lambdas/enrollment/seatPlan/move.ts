// A move of a student to another class of the semester: an administrator's, to a seat or a waitlist place there; a
// family's own, to a seat, or onto a full class's waitlist keeping the seat it holds until one there is the
// child's (a waiting move: core.ts's promote makes it). The seat left behind goes to the first in line.
import { alreadyExists, failedPrecondition, notFound } from '../../contract/errors';
import { enrollmentIdOf, holdsSeat, isActive, waitingMove, type StoredEnrollment } from '../enrollments';
import type { Class } from '../../contract/records';
import type { NoticeKind } from '../../contract/mailRecords';
import type { Actor } from '../../platform/caller';
import { accountDeleted, classCount } from '../../families/families';
import { gradeMessage, inGrades } from '../seatRules';
import {
  addDelta,
  changed,
  classWrites,
  familyCounts,
  itemsOf,
  joining,
  leaving,
  MAX_TRANSACTION_ITEMS,
  newEnrollment,
  nothingToWrite,
  promote,
  refuse,
  seatsLeft,
  type ClassGuards,
  type MoveOutcome,
  type SeatCommand,
  type SeatDelta,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';

export function planMove(
  view: SeatView,
  { enrollment, toClassId, by, needsSeat, waitForSeat }: Extract<SeatCommand, { kind: 'move' }>,
  stamp: Stamp,
): SeatPlan<MoveOutcome> {
  const current = view.enrollments.get(enrollment.id);
  const existing = view.enrollments.get(enrollmentIdOf(toClassId, enrollment.studentId));
  if (existing?.requestToken === stamp.token) return nothingToWrite({ moved: existing, promoted: [] });
  if (!current || !isActive(current.status)) return refuse(failedPrecondition('This enrollment is already cancelled.'));
  if (current.groupId)
    return refuse(failedPrecondition('A group enrollment moves as a whole: cancel it and enroll the student again.'));
  if (toClassId === current.classId) return refuse(failedPrecondition('The student is already in this class.'));
  const from = view.classes.get(current.classId)!;
  const to = view.classes.get(toClassId);
  if (!to) return refuse(notFound(`There is no class ${toClassId}.`));
  if (to.semesterId !== from.semesterId) return refuse(failedPrecondition(`${to.name} belongs to another semester.`));
  if (to.status !== 'open') return refuse(failedPrecondition(`${to.name} is closed to new enrollments.`));
  if (existing && isActive(existing.status))
    return refuse(alreadyExists(`The student is already ${existing.status} in ${to.name}.`));
  if (view.families.get(current.familyId)?.deletedAt) return refuse(accountDeleted());
  const student = view.students.get(current.studentId);
  if (!student) return refuse(notFound('There is no such student any more: cancel this enrollment instead.'));
  if (!inGrades(student, [to])) return refuse(failedPrecondition(gradeMessage(student, [to])));

  // A family's seat kept for a waiting move stays until that move is made or given up.
  const pending = current.movingTo && view.enrollments.get(enrollmentIdOf(current.movingTo, current.studentId));
  if (needsSeat && pending && waitingMove(pending, current))
    return refuse(
      failedPrecondition(
        `${student.firstName} already waits for a seat in ${view.classes.get(pending.classId)?.name ?? 'another class'}, keeping this one: leave that waitlist on My Enrollments first.`,
      ),
    );
  const status = to.enrolled < to.capacity ? 'enrolled' : 'waitlisted';
  // A family's own move keeps the seat it holds unless the new one is certain.
  if (status === 'waitlisted' && needsSeat) {
    if (waitForSeat) return planWaitingMove(view, current, to, by, stamp);
    return refuse(
      failedPrecondition(
        `${to.name} has no seat left, so ${student.firstName} stays in ${from.name}. To wait for a seat there, move ${student.firstName} onto its waitlist: the seat in ${from.name} is kept until one in ${to.name} is ${student.firstName}'s.`,
      ),
    );
  }
  const plan = movedAs(view, current, from, to, status, by, stamp);
  // The seat left behind can free one here: a child waiting to move from here to there takes it, and leaves its
  // seat here. When nobody in this class's line could take that seat, it is the moved child's.
  if (status === 'waitlisted' && plan.seatsLeftThere > 0)
    return movedAs(view, current, from, to, 'enrolled', by, stamp).plan;
  return plan.plan;
}

/** The move of `current` from `from` to `to` as `status` there, and the seats it leaves there. */
function movedAs(
  view: SeatView,
  current: StoredEnrollment,
  from: Class,
  to: Class,
  status: 'enrolled' | 'waitlisted',
  by: Actor,
  stamp: Stamp,
): { plan: SeatPlan<MoveOutcome>; seatsLeftThere: number } {
  const moved = {
    ...newEnrollment({ id: current.studentId, familyId: current.familyId }, to, undefined, status, stamp),
    // The family's answers go with the student as given; the family may answer the new class's questions.
    ...(current.answers && { answers: current.answers }),
  };
  const deltas = new Map<string, SeatDelta>();
  addDelta(deltas, from.id, leaving(current));
  addDelta(deltas, to.id, status === 'enrolled' ? { enrolled: 1, waitlisted: 0 } : joining(current.studentId));
  const writes: SeatWrite[] = [
    // The student must be in the new class's grades; their count of active enrollments stays as it is.
    { kind: 'student', familyId: current.familyId, studentId: current.studentId, delta: 0, grades: [to] },
    {
      kind: 'family',
      familyId: current.familyId,
      change: { counts: { [classCount(from.id)]: -1, [classCount(to.id)]: 1 }, refuseDeleted: true },
    },
    {
      kind: 'enrollment',
      enrollment: changed(current, 'cancelled', stamp),
      expected: current.status,
      offerSeen: current.offerExpiresAt,
      reason: 'move',
      by,
    },
    { kind: 'enrollment', enrollment: moved, expected: 'none', reason: 'move', by },
    { kind: 'notice', notice: noticeOfMove(by, current), enrollments: [moved], fromClassId: from.id },
  ];
  const released = holdsSeat(current) ? [from.id] : [];
  const promotions = promote(view, view.classes, deltas, released, new Set([current.id]), {
    budget: MAX_TRANSACTION_ITEMS - itemsOf(writes),
    stamp,
  });
  // A line the promotions walked (the destination's too, when the seat left behind frees one there) holds only
  // while nobody joins it meanwhile.
  const guards = (classId: string): ClassGuards =>
    classId === to.id
      ? {
          open: true,
          stillFull: status === 'waitlisted',
          gradesAsSeen: true,
          waitlistUnchanged: promotions.released.includes(classId),
        }
      : { waitlistUnchanged: promotions.released.includes(classId) };
  return {
    plan: {
      writes: [...classWrites(view, deltas, guards, promotions.keptWaiting), ...writes, ...promotions.writes],
      outcome: { moved, promoted: promotions.promoted },
    },
    seatsLeftThere: seatsLeft(to, deltas),
  };
}

/**
 * A family's move onto a full class's waitlist: the child joins the end of its line, as any family would, and
 * keeps the seat it holds (marked as kept for this move: one waiting move per seat) until one there is theirs.
 */
function planWaitingMove(
  view: SeatView,
  current: StoredEnrollment,
  to: Class,
  by: Actor,
  stamp: Stamp,
): SeatPlan<MoveOutcome> {
  const waiting: StoredEnrollment = {
    ...newEnrollment({ id: current.studentId, familyId: current.familyId }, to, undefined, 'waitlisted', stamp),
    movingFrom: current.classId,
    ...(current.answers && { answers: current.answers }),
  };
  const { familyId, studentId } = current;
  const deltas = new Map<string, SeatDelta>([[to.id, joining(studentId)]]);
  return {
    writes: [
      ...classWrites(view, deltas, () => ({ open: true, stillFull: true, gradesAsSeen: true })),
      { kind: 'student', familyId, studentId, delta: 1, grades: [to] },
      { kind: 'family', familyId, change: { counts: familyCounts([waiting], 1), refuseDeleted: true } },
      { kind: 'moveMark', enrollment: current, movingTo: to.id },
      { kind: 'enrollment', enrollment: waiting, expected: 'none', reason: 'waitlist', by },
      { kind: 'notice', notice: 'waitlisted', enrollments: [waiting], fromClassId: current.classId },
    ],
    outcome: { moved: waiting, promoted: [] },
  };
}

/** What a family is told of a move: by an administrator, or as it asked. */
function noticeOfMove(by: Actor, enrollment: StoredEnrollment): NoticeKind {
  return by.isAdmin && (by.familyId ?? by.sub) !== enrollment.familyId ? 'moved' : 'movedAsAsked';
}
