// A seat offered to a waiting family ends one of two ways: accepted while the offer stands, or lapsed at its
// deadline (then cancelled as a family's cancel is, and offered to the next).
import { failedPrecondition, notFound } from '../../contract/errors';
import type { StoredEnrollment } from '../enrollments';
import { gradeMessage, inGrades } from '../seatRules';
import { planCancel } from './cancel';
import {
  addDelta,
  classWrites,
  groupOf,
  MAX_TRANSACTION_ITEMS,
  nothingToWrite,
  seatKeptFor,
  promotionWrites,
  refuse,
  taking,
  type CancelOutcome,
  type SeatCommand,
  type SeatDelta,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
  waitingMoveMade,
} from './core';

/** The seats offered to a waiting student (with their group) are theirs, while the offer stands at `stamp.now`. */
export function planAccept(
  view: SeatView,
  { enrollment, by }: Extract<SeatCommand, { kind: 'accept' }>,
  stamp: Stamp,
): SeatPlan<StoredEnrollment[]> {
  const current = view.enrollments.get(enrollment.id);
  if (current?.requestToken === stamp.token)
    return nothingToWrite(groupOf(view, current).filter((entry) => entry.requestToken === stamp.token));
  if (current?.status === 'enrolled') return refuse(failedPrecondition('This seat is already taken: enrolled.'));
  if (current?.status !== 'waitlisted' || !current.offerExpiresAt)
    return refuse(failedPrecondition('No seat is offered for this enrollment: the offer lapsed or was declined.'));
  if (Date.parse(current.offerExpiresAt) <= Date.parse(stamp.now))
    return refuse(failedPrecondition('This offer lapsed: its deadline passed, so the seat went to the next in line.'));
  const together = groupOf(view, current);
  const classes = together.map((entry) => view.classes.get(entry.classId)!);
  const student = view.students.get(current.studentId);
  if (!student) return refuse(notFound('There is no such student on your account.'));
  if (!inGrades(student, classes))
    return refuse(
      failedPrecondition(
        `${gradeMessage(student, classes)} If ${student.firstName}'s grade is wrong, correct it in their details ` +
          'and accept again before the offer lapses; otherwise the seat goes to the next in line when it does.',
      ),
    );
  const deltas = new Map<string, SeatDelta>();
  for (const entry of together) addDelta(deltas, entry.classId, taking(entry));
  // The student in the grades as judged: a change of grade meanwhile is planned again.
  const inGradesStill: SeatWrite = {
    kind: 'student',
    familyId: current.familyId,
    studentId: current.studentId,
    delta: 0,
    grades: classes,
  };
  const held = seatKeptFor(view, current);
  if (held) {
    // The move the family asked for is made: the seat it kept goes to the first in line there.
    const made = waitingMoveMade(view, current, held, by, stamp, deltas, MAX_TRANSACTION_ITEMS - 1);
    return {
      writes: [
        ...classWrites(view, deltas, (id) => ({ waitlistUnchanged: made.released.includes(id) }), made.keptWaiting),
        ...made.writes,
        inGradesStill,
      ],
      outcome: [made.moved],
    };
  }
  const accepted = promotionWrites(together, by, stamp, { reason: 'offer-accepted', notice: 'enrolled' });
  return {
    writes: [...classWrites(view, deltas, () => ({})), ...accepted.writes, inGradesStill],
    outcome: accepted.promoted,
  };
}

export function planLapse(
  view: SeatView,
  { enrollment, at }: Extract<SeatCommand, { kind: 'lapse' }>,
  stamp: Stamp,
): SeatPlan<CancelOutcome> {
  const current = view.enrollments.get(enrollment.id);
  const standing =
    current?.status === 'waitlisted' &&
    current.offerExpiresAt !== undefined &&
    current.offerExpiresAt === enrollment.offerExpiresAt &&
    Date.parse(current.offerExpiresAt) <= Date.parse(at);
  if (!standing) return nothingToWrite({ cancelled: [], promoted: [] });
  return planCancel(view, { enrollment: current, by: 'portal', reason: 'offer-lapsed' }, stamp);
}
