// The seat planner: what a change of seats writes, as a pure function of what was read (the view) and what
// is asked (the command). `plan` hands each command to its planner: a module each, over the shared core.ts.
// No I/O and no clock: the moment and the call's token come in. The executor (seats.ts) reads the view,
// plans, and commits the writes in one DynamoDB transaction (seatTransaction.ts); when a condition failed it
// reads and plans again. The allocator (allocator.ts) plans its batches of enrollment requests here too,
// with the seat rule of allocation.ts.
//
// - A class never holds more enrolled students than its capacity: a seat is taken under the condition
//   `enrolled <= capacity - seats taken` (or, for the allocator, on the counts exactly as read).
// - A student joins the waitlist only while the class is full, so no one waits while a seat is free. The
//   same transaction numbers the student's place in line from the class's join counter: the waitlist is
//   in the order joins committed, and a position, once told, only ever improves.
// - A student holds at most one enrollment per class: the item's key is (class, student).
// - A group enrollment takes a seat in every class of the group or joins every waitlist: one transaction.
// - Releasing a seat promotes, in the same transaction, the first waitlisted student who can take it:
//   a single-class entry, or a group entry when every class of its group has a seat for it. In a semester
//   in offers mode the seat is offered instead: held for that student (counted in `enrolled`, so nobody
//   else can take it) until the family accepts ('accept'), declines (a cancel) or the deadline lapses
//   ('lapse', the schedule); the held seat is then offered to the next, or released. A group is offered a
//   seat in every class of its group, or none. An enrollment written from `waitlisted` is written on the
//   condition that its offer is as read, so an offer is made once, and accepted or lapsed, never both.
// - A transaction holds at most 100 items: promotions are planned within what is left, and a capacity
//   raise that promotes more than fits is made in steps.
// - A published lottery draw ('lottery') writes its placements in draw order, as many whole units as a
//   transaction holds, on the class counts exactly as read. A unit (siblings kept together) takes a seat in
//   every class of its choice when each has a seat for every child of it, and otherwise joins the waitlists:
//   here a student joins a waitlist while the class has fewer seats left than the unit needs (not only while
//   it is full), the draw's own rule, so a class whose capacity changed since the draw is never overfilled.
import { planCancel } from './cancel';
import type { OutcomeOf, Outcomes, SeatCommand, SeatPlan, SeatView, Stamp } from './core';
import { planEnroll } from './enroll';
import { planLottery } from './lottery';
import { planMove } from './move';
import { planAccept, planLapse } from './offers';
import { planPromote } from './promote';
import { planSaveClass } from './saveClass';

type Planner<K extends SeatCommand['kind']> = (
  view: SeatView,
  command: Extract<SeatCommand, { kind: K }>,
  stamp: Stamp,
) => SeatPlan<Outcomes[K]>;

const planners: { [K in SeatCommand['kind']]: Planner<K> } = {
  cancel: planCancel,
  accept: planAccept,
  lapse: planLapse,
  promote: planPromote,
  move: planMove,
  saveClass: planSaveClass,
  enroll: planEnroll,
  lottery: planLottery,
};

export function plan<C extends SeatCommand>(view: SeatView, command: C, stamp: Stamp): SeatPlan<OutcomeOf<C>> {
  return (planners[command.kind] as Planner<C['kind']>)(view, command as never, stamp);
}
