// An administrator's promotion of a waiting student ahead of the line, into a free seat or one added for them
// (the waitlist's own promotions, in line, are core.ts's promote).
import type { Class } from '../../contract/records';
import { failedPrecondition } from '../../contract/errors';
import { holdsSeat, type StoredEnrollment } from '../enrollments';
import {
  addDelta,
  groupOf,
  MAX_TRANSACTION_ITEMS,
  nothingToWrite,
  promotionWrites,
  refuse,
  seatKeptFor,
  taking,
  waitingMoveMade,
  waitlistedGroup,
  type SeatCommand,
  type SeatDelta,
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

  const deltas = new Map<string, SeatDelta>();
  for (const entry of together) addDelta(deltas, entry.classId, taking(entry));
  // A waiting move promoted is made: the seat it kept goes to the first in line there.
  const held = seatKeptFor(view, current);
  const made = held && waitingMoveMade(view, current, held, by, stamp, deltas, MAX_TRANSACTION_ITEMS);
  const promoted = made ? { promoted: [made.moved], writes: made.writes } : promotionWrites(together, by, stamp);
  const classes = [...deltas].map(([classId, delta]): SeatWrite => {
    const cls = view.classes.get(classId)!;
    // The seat added is planned from the counts just read: they must still be those.
    return isFull(cls) && needSeats.some((entry) => entry.classId === classId)
      ? {
          kind: 'class',
          cls,
          delta,
          guards: { asRead: true },
          edit: { set: { capacity: cls.enrolled + 1 }, remove: [] },
        }
      : {
          kind: 'class',
          cls,
          delta,
          guards: {
            waitlistUnchanged: made?.released.includes(classId) ?? false,
            ...(made?.keptWaiting.has(classId) && { stillNoSeat: true }),
          },
        };
  });
  return { writes: [...classes, ...promoted.writes], outcome: promoted.promoted };
}
