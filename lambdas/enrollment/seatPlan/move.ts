// A move of a student to another class of the semester: an administrator's, to a seat or a waitlist place there; a
// family's own, to a seat only. The seat left behind goes to the first in line.
import { alreadyExists, failedPrecondition, notFound } from '../../contract/errors';
import { enrollmentIdOf, holdsSeat, isActive, type StoredEnrollment } from '../enrollments';
import type { NoticeKind } from '../../contract/mailRecords';
import type { Actor } from '../../platform/caller';
import { accountDeleted, classCount } from '../../families/families';
import { gradeMessage, inGrades } from '../seatRules';
import {
  addDelta,
  changed,
  classWrites,
  itemsOf,
  joining,
  leaving,
  MAX_TRANSACTION_ITEMS,
  newEnrollment,
  nothingToWrite,
  promote,
  refuse,
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
  { enrollment, toClassId, by, needsSeat }: Extract<SeatCommand, { kind: 'move' }>,
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

  const status = to.enrolled < to.capacity ? 'enrolled' : 'waitlisted';
  // A family's own move keeps the seat it holds unless the new one is certain.
  if (status === 'waitlisted' && needsSeat)
    return refuse(
      failedPrecondition(
        `${to.name} has no seat left, so ${student.firstName} stays in ${from.name}. To wait for a seat there, add ${student.firstName} to its waitlist on Class Registration.`,
      ),
    );
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
  const guards = (classId: string): ClassGuards =>
    classId === to.id
      ? { open: true, stillFull: status === 'waitlisted', gradesAsSeen: true }
      : { waitlistUnchanged: released.includes(classId) };
  return {
    writes: [...classWrites(view, deltas, guards, promotions.keptWaiting), ...writes, ...promotions.writes],
    outcome: { moved, promoted: promotions.promoted },
  };
}

/** What a family is told of a move: by an administrator, or as it asked. */
function noticeOfMove(by: Actor, enrollment: StoredEnrollment): NoticeKind {
  return by.isAdmin && (by.familyId ?? by.sub) !== enrollment.familyId ? 'moved' : 'movedAsAsked';
}
