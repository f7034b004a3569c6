// Publishing a draw through the seat planner (command 'lottery'), without DynamoDB: a draw of 40 families over
// six classes and a group is planned chunk after chunk, each chunk's writes applied to in-memory classes and
// requests as its transaction would be. With the classes as the draw saw them, publication gives exactly the
// draw's outcome (counts per class, waitlists in draw order, siblings next to each other), every transaction
// fits DynamoDB's 100 items with the chunk's mark, each family gets one e-mail and a loss when it got no
// seat. With a class's capacity lowered after the draw, no class is overfilled: the children past its seats
// wait, in draw order.
import { placementsOf } from '../../lambdas/lottery/lotteryPublication';
import type { StoredLotteryRequest } from '../../lambdas/lottery/records/lotteryRequests';
import {
  MAX_TRANSACTION_ITEMS,
  seatView,
  type LotteryPlacement,
  type SeatWrite,
} from '../../lambdas/enrollment/seatPlan/core';
import { plan } from '../../lambdas/enrollment/seatPlan/plan';
import { seatTransaction } from '../../lambdas/enrollment/seatTransaction';
import { type DrawInput, runDraw } from '../../lambdas/contract/lottery/draw';
import type { Class } from '../../lambdas/contract/records';

const classIds = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const seats = [3, 4, 2, 5, 3, 2];

function drawInput(): DrawInput {
  const families = Array.from({ length: 40 }, (_, index) => ({
    id: `f${index}`,
    keepTogether: index % 3 === 0,
    losses: 0,
  }));
  const requests = families.flatMap((family, index) =>
    Array.from({ length: 1 + (index % 3 === 0 ? 1 : 0) + (index % 7 === 0 ? 1 : 0) }, (_, child) => ({
      familyId: family.id,
      studentId: `${family.id}s${child}`,
      grade: 5,
      choices: [
        index % 5 === 0 ? { kind: 'group' as const, id: 'g0' } : { kind: 'class' as const, id: classIds[index % 6]! },
        { kind: 'class' as const, id: classIds[(index + 2) % 6]! },
      ],
    })),
  );
  return {
    seed: 'publication',
    weighted: false,
    classes: classIds.map((id, index) => ({ id, seatsLeft: seats[index]! })),
    groups: [{ id: 'g0', classIds: ['c4', 'c5'] }],
    families,
    requests,
  };
}

const classOf = (id: string, capacity: number): Class => ({
  id,
  semesterId: 'spring',
  name: `Class ${id}`,
  description: '',
  location: '',
  instructor: '',
  meetings: [],
  capacity,
  enrolled: 0,
  waitlisted: 0,
  seatsLeft: capacity,
  status: 'open',
});

/** Publishes the draw chunk by chunk on in-memory classes; what was written. */
function publish(input: DrawInput, capacities: number[]) {
  const placements = placementsOf({ input, result: runDraw(input) });
  const classes = new Map(classIds.map((id, index) => [id, classOf(id, capacities[index]!)]));
  const waitlists = new Map<string, string[]>(classIds.map((id) => [id, []]));
  const requests = new Map<string, StoredLotteryRequest>(
    input.requests.map((request) => [
      request.studentId,
      { ...request, semesterId: 'spring', keepTogether: false, updatedAt: '2030-01-01T00:00:00Z' },
    ]),
  );
  const writes: SeatWrite[] = [];
  const transactions: number[] = [];
  for (let start = 0; start < placements.length; ) {
    const view = seatView({
      classes: new Map(classes),
      students: new Map(input.requests.map((request) => [request.studentId, { firstName: request.studentId }])),
      lotteryRequests: new Map(requests),
    });
    const planned = plan(
      view,
      {
        kind: 'lottery',
        semesterId: 'spring',
        placements: placements.slice(start, start + 40),
        by: admin,
        reserved: 1,
      },
      { now: '2030-01-02T00:00:00Z', token: 'publication' },
    );
    if ('refusal' in planned) throw planned.refusal;
    transactions.push(seatTransaction(planned.writes, '2030-01-02T00:00:00Z').items.length + 1);
    for (const write of planned.writes) {
      writes.push(write);
      if (write.kind === 'class') {
        const cls = classes.get(write.cls.id)!;
        expect({ enrolled: cls.enrolled, waitlisted: cls.waitlisted }).toEqual({
          enrolled: write.cls.enrolled,
          waitlisted: write.cls.waitlisted,
        });
        classes.set(cls.id, {
          ...cls,
          enrolled: cls.enrolled + write.delta.enrolled,
          waitlisted: cls.waitlisted + write.delta.waitlisted,
        });
        waitlists.get(cls.id)!.push(...(write.delta.joining ?? []));
      }
      if (write.kind === 'lotteryResult')
        requests.set(write.studentId, { ...requests.get(write.studentId)!, result: write.result });
    }
    start += planned.outcome.taken;
  }
  return { placements, classes, waitlists, writes, transactions, requests };
}

const admin = { sub: 'admin', isAdmin: true };
const classesOfChoice = (placement: LotteryPlacement) => placement.classIds;

test('with the classes as the draw saw them, publication writes exactly the draw, in chunks that fit a transaction', () => {
  const { placements, classes, waitlists, writes, transactions, requests } = publish(drawInput(), seats);
  expect(transactions.length).toBeGreaterThan(1);
  for (const items of transactions) expect(items).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  for (const classId of classIds) {
    const mine = placements.filter((placement) => classesOfChoice(placement).includes(classId));
    const waiting = mine.filter((placement) => placement.outcome === 'waitlisted').map((p) => p.studentId);
    expect(classes.get(classId)!.enrolled).toBe(mine.length - waiting.length);
    expect(waitlists.get(classId)).toEqual(waiting);
  }
  for (const placement of placements)
    expect(requests.get(placement.studentId)!.result?.outcome).toBe(placement.outcome);
  // One e-mail per family; a loss for each family that waits with no seat.
  const families = [...new Set(placements.map((placement) => placement.familyId))];
  const notices = writes.filter((write) => write.kind === 'lotteryNotice').map((write) => write.familyId);
  expect(notices.sort()).toEqual([...families].sort());
  const losers = families.filter((familyId) => {
    const outcomes = placements.filter((p) => p.familyId === familyId).map((p) => p.outcome);
    return outcomes.includes('waitlisted') && !outcomes.includes('enrolled');
  });
  expect(losers.length).toBeGreaterThan(0);
  const losses = writes.filter((write) => write.kind === 'lotteryLoss').map((write) => write.familyId);
  expect(losses.sort()).toEqual(losers.sort());
});

test('a class whose capacity was lowered after the draw is not overfilled: the children past its seats wait in draw order', () => {
  const lowered = seats.map((count, index) => (index === 1 ? count - 2 : count));
  const { placements, classes, waitlists } = publish(drawInput(), lowered);
  for (const [index, classId] of classIds.entries())
    expect(classes.get(classId)!.enrolled).toBeLessThanOrEqual(lowered[index]!);
  const inC1 = placements.filter((placement) => placement.classIds.includes('c1'));
  const seated = inC1.filter((placement) => placement.outcome === 'enrolled');
  expect(classes.get('c1')!.enrolled).toBe(Math.min(seated.length, lowered[1]!));
  // The seats went to the first in draw order; the others joined the waitlist in draw order, ahead of nobody.
  const bumped = seated.slice(lowered[1]!).map((placement) => placement.studentId);
  expect(bumped.length).toBeGreaterThan(0);
  expect(waitlists.get('c1')).toEqual(
    inC1.filter((p) => p.outcome === 'waitlisted' || bumped.includes(p.studentId)).map((p) => p.studentId),
  );
});
