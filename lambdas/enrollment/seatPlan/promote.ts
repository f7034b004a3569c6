// An administrator's promotion of a waiting student ahead of the line, into a free seat or one added for them
// (the waitlist's own promotions, in line, are core.ts's promote).
import type { Class } from '../../contract/records';
import { failedPrecondition } from '../../contract/errors';
import { holdsSeat, type StoredEnrollment } from '../enrollments';
import {
  groupOf,
  nothingToWrite,
  promotionWrites,
  refuse,
  taking,
  waitlistedGroup,
  type SeatCommand,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';

export function planPromote(
  view: SeatView,
  { enrollment, by, addSeat }: Extract<SeatCommand, { kind: 'promote' }>,
  stamp: Stamp,
): SeatPlan<StoredEnrollment[]> {
  const current = view.enrollments.get(enrollment.id);
  if (current?.requestToken === stamp.token)
    return nothingToWrite(groupOf(view, current).filter((entry) => entry.requestToken === stamp.token));
  if (current?.status !== 'waitlisted') return refuse(failedPrecondition('This enrollment is not on a waitlist.'));
  const together = current.groupId ? waitlistedGroup(view, current) : [current];
  if (!together) return refuse(failedPrecondition('This group enrollment is not waiting in every class of its group.'));
  const isFull = (cls: Class) => cls.enrolled >= cls.capacity;
  // A student offered a seat holds it already.
  const needSeats = together.filter((entry) => !holdsSeat(entry));
  const full = needSeats.map((entry) => view.classes.get(entry.classId)!).find(isFull);
  if (full && !addSeat)
    return refuse(
      failedPrecondition(`${full.name} has no free seat: raise its capacity or cancel an enrollment first.`),
    );

  const classes = together.map((entry): SeatWrite => {
    const cls = view.classes.get(entry.classId)!;
    const delta = taking(entry);
    // The seat added is planned from the counts just read: they must still be those.
    return isFull(cls) && needSeats.includes(entry)
      ? {
          kind: 'class',
          cls,
          delta,
          guards: { asRead: true },
          edit: { set: { capacity: cls.enrolled + 1 }, remove: [] },
        }
      : { kind: 'class', cls, delta, guards: {} };
  });
  const promoted = promotionWrites(together, by, stamp);
  return { writes: [...classes, ...promoted.writes], outcome: promoted.promoted };
}
