// An administrator's save of a class: the seats a raised capacity adds go to the waiting students first, in
// steps when more are due than one transaction holds.
import type { Class } from '../../contract/records';
import { failedPrecondition } from '../../contract/errors';
import {
  classWrites,
  itemsOf,
  MAX_TRANSACTION_ITEMS,
  nothingToWrite,
  promote,
  refuse,
  type SeatCommand,
  type SeatDelta,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';

/**
 * More seats of an open class go to its waitlist as the capacity grows, so no newcomer takes a seat while
 * a waiting student could. When more promotions are due than one transaction holds, each transaction
 * raises the capacity only by the seats it fills (the class stays full meanwhile), and the next goes on.
 */
export function planSaveClass(
  view: SeatView,
  { classId, capacity, edit, promote: promotes, notice }: Extract<SeatCommand, { kind: 'saveClass' }>,
  stamp: Stamp,
): SeatPlan<Class | undefined> {
  const cls = view.classes.get(classId);
  if (!cls) return nothingToWrite(undefined);
  if (capacity < cls.enrolled)
    return refuse(
      failedPrecondition(`The capacity cannot be lower than the ${cls.enrolled} students already enrolled.`),
    );
  const deltas = new Map<string, SeatDelta>([[classId, { enrolled: 0, waitlisted: 0 }]]);
  const told: SeatWrite[] = notice ? [{ kind: 'classNotice', request: notice }] : [];
  // Promotions planned against the new capacity; the class's counts are one item of the transaction.
  const promotions = promotes
    ? promote(view, new Map(view.classes).set(classId, { ...cls, capacity }), deltas, [classId], new Set(), {
        budget: MAX_TRANSACTION_ITEMS - itemsOf(told),
        stamp,
      })
    : { writes: [], promoted: [], offered: [], cutShort: false, keptWaiting: new Set<string>(), released: [] };
  const more = promotions.cutShort && promotions.promoted.length + promotions.offered.length > 0;
  const delta = deltas.get(classId)!;
  deltas.delete(classId);
  const enrolled = cls.enrolled + delta.enrolled;
  const saved = { ...edit, set: { ...edit.set, capacity: more ? enrolled : capacity } };
  return {
    writes: [
      { kind: 'class', cls, delta, guards: { asRead: true }, edit: saved },
      // The other classes of the groups it promotes, or keeps waiting, and those waiting moves leave.
      ...classWrites(
        view,
        deltas,
        (id) => ({ waitlistUnchanged: promotions.released.includes(id) }),
        promotions.keptWaiting,
      ),
      ...promotions.writes,
      ...told,
    ],
    outcome: { ...cls, capacity, enrolled, waitlisted: cls.waitlisted + delta.waitlisted },
    more,
  };
}
