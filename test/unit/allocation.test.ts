// The allocation of seats (lambdas/enrollment/allocation.ts), for any classes and any requests in arrival order:
// no class passes its capacity, a request is seated everywhere or waits everywhere, nobody waits for a
// class with a free seat, an earlier request never fares worse than a later one for the same seats, and a
// batch is a prefix of the line that one DynamoDB transaction can write.
import fc from 'fast-check';
import {
  allocateSeats,
  batchLength,
  itemsPerRequest,
  type BatchCandidate,
  type SeatCounts,
} from '../../lambdas/enrollment/allocation';

const classIds = ['a', 'b', 'c', 'd'];

const classCounts = fc
  .tuple(...classIds.map(() => fc.record({ capacity: fc.nat(6), enrolled: fc.nat(6), waitlisted: fc.nat(4) })))
  .map(
    (counts) =>
      new Map<string, SeatCounts>(
        counts.map((cls, index) => [classIds[index]!, { ...cls, enrolled: Math.min(cls.enrolled, cls.capacity) }]),
      ),
  );

/** A class, or a group of two or three distinct classes. */
const target = fc.oneof(
  fc.constantFrom(...classIds).map((id) => [id]),
  fc.uniqueArray(fc.constantFrom(...classIds), { minLength: 2, maxLength: 3 }),
);
const requests = fc.array(
  target.map((ids) => ({ classIds: ids })),
  { maxLength: 40 },
);

test('no class passes its capacity, and every request adds one place to each of its classes', () => {
  fc.assert(
    fc.property(classCounts, requests, (classes, line) => {
      const { outcomes, after } = allocateSeats(classes, line);
      expect(outcomes).toHaveLength(line.length);
      for (const id of classIds) {
        const before = classes.get(id)!;
        const now = after.get(id)!;
        expect(now.enrolled).toBeLessThanOrEqual(Math.max(before.capacity, before.enrolled));
        const asking = line.filter((request) => request.classIds.includes(id)).length;
        expect(now.enrolled + now.waitlisted).toBe(before.enrolled + before.waitlisted + asking);
      }
    }),
  );
});

test('each waitlisted request is told its place in every class it waits in: the places follow the waitlist of its class, in order', () => {
  fc.assert(
    fc.property(classCounts, requests, (classes, line) => {
      const { outcomes, places } = allocateSeats(classes, line);
      const waiting = new Map([...classes].map(([id, cls]) => [id, cls.waitlisted]));
      line.forEach((request, index) => {
        if (outcomes[index] === 'enrolled') {
          expect(places[index]).toBeUndefined();
          return;
        }
        for (const id of request.classIds) waiting.set(id, waiting.get(id)! + 1);
        expect(places[index]).toEqual(Object.fromEntries(request.classIds.map((id) => [id, waiting.get(id)])));
      });
    }),
  );
});

test('a request is seated in every class it names, or waits in every one, and it waits only when one of them is full', () => {
  fc.assert(
    fc.property(classCounts, requests, (classes, line) => {
      const seats = new Map([...classes].map(([id, cls]) => [id, cls.capacity - cls.enrolled]));
      const { outcomes } = allocateSeats(classes, line);
      line.forEach((request, index) => {
        const seatsEverywhere = request.classIds.every((id) => seats.get(id)! > 0);
        expect(outcomes[index]).toBe(seatsEverywhere ? 'enrolled' : 'waitlisted');
        if (seatsEverywhere) for (const id of request.classIds) seats.set(id, seats.get(id)! - 1);
      });
    }),
  );
});

test('for one class, the seats go to the earliest requests: once one waits, every later one waits too', () => {
  fc.assert(
    fc.property(classCounts, fc.nat(60), fc.constantFrom(...classIds), (classes, count, id) => {
      const { outcomes } = allocateSeats(
        classes,
        Array.from({ length: count }, () => ({ classIds: [id] })),
      );
      const firstWaiting = outcomes.indexOf('waitlisted');
      if (firstWaiting !== -1)
        expect(outcomes.slice(firstWaiting).every((outcome) => outcome === 'waitlisted')).toBe(true);
      const free = classes.get(id)!.capacity - classes.get(id)!.enrolled;
      expect(outcomes.filter((outcome) => outcome === 'enrolled')).toHaveLength(Math.min(count, free));
    }),
  );
});

test('the counts given are not changed', () => {
  const classes = new Map([['a', { capacity: 1, enrolled: 0, waitlisted: 0 }]]);
  allocateSeats(classes, [{ classIds: ['a'] }, { classIds: ['a'] }]);
  expect(classes.get('a')).toEqual({ capacity: 1, enrolled: 0, waitlisted: 0 });
});

const candidate = fc.record({
  classIds: target,
  familyId: fc.constantFrom('f1', 'f2', 'f3', 'f4', 'f5'),
  studentId: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'),
  by: fc.record({ isAdmin: fc.boolean() }),
});

/** The items a transaction writes for `batch`: each class once, each family once, and each request's own. */
function itemsOf(batch: BatchCandidate[]): number {
  return (
    new Set(batch.flatMap((request) => request.classIds)).size +
    new Set(batch.map((request) => request.familyId)).size +
    batch.reduce((sum, request) => sum + itemsPerRequest(request), 0)
  );
}

test('a batch is the longest prefix of the line that names each student once, does not mix a family with its administrator, and fits the transaction', () => {
  fc.assert(
    fc.property(
      fc.array(candidate, { maxLength: 30 }),
      fc.integer({ min: 20, max: 99 }),
      fc.subarray(['f1', 'f2', 'f3']),
      (line, limit, oneEach) => {
        const length = batchLength(line, limit, new Set(oneEach));
        const fits = (batch: BatchCandidate[]) => {
          const students = batch.map((request) => request.studentId);
          const families = new Map<string, boolean[]>();
          for (const request of batch)
            families.set(request.familyId, [...(families.get(request.familyId) ?? []), request.by.isAdmin]);
          return (
            new Set(students).size === students.length &&
            [...families].every(
              ([familyId, admins]) =>
                new Set(admins).size === 1 && (!oneEach.includes(familyId) || admins.length === 1),
            ) &&
            itemsOf(batch) <= limit
          );
        };
        expect(fits(line.slice(0, length))).toBe(true);
        if (length < line.length) expect(fits(line.slice(0, length + 1))).toBe(false);
      },
    ),
  );
});

test('a group of 20 classes, the largest a group may hold, fits one transaction with the lease', () => {
  const group = {
    classIds: Array.from({ length: 20 }, (_, index) => `c${index}`),
    familyId: 'f',
    studentId: 's',
    by: { isAdmin: false },
  };
  expect(batchLength([group], 99)).toBe(1);
});
