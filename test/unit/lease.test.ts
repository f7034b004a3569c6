// How long the allocator's lease on a queue lasts: long enough that a batch started under it is written
// before it lapses (else another caller takes the queue over meanwhile and the batch fails on the lease,
// batch after batch on a slow table), and short enough that a holder that stopped holds its queue up briefly.
import fc from 'fast-check';
import { decidedOutOfOrder } from '../../lambdas/enrollment/allocator';
import { LEASE_MS, leaseLength, MAX_LEASE_MS } from '../../lambdas/enrollment/lease';

test('a lease lasts LEASE_MS while batches are quick and no lease lapsed while held', () => {
  expect(leaseLength(0)).toBe(LEASE_MS);
  expect(leaseLength(40)).toBe(LEASE_MS);
});

test('a lease outlasts four of the slowest batches seen lately', () => {
  expect(leaseLength(1500)).toBe(6000);
});

test('after a lease lapsed while still held (its holder overran it), the next one lasts twice as long', () => {
  expect(leaseLength(0, LEASE_MS)).toBe(2 * LEASE_MS);
  expect(leaseLength(0, 2 * LEASE_MS)).toBe(4 * LEASE_MS);
});

test('for any pace, a lease lasts at least LEASE_MS and at most MAX_LEASE_MS, and never less than a slower pace would give up to that', () => {
  fc.assert(
    fc.property(fc.nat(60_000), fc.nat(60_000), fc.nat(5000), (slowest, lapsed, slower) => {
      const length = leaseLength(slowest, lapsed);
      expect(length).toBeGreaterThanOrEqual(LEASE_MS);
      expect(length).toBeLessThanOrEqual(MAX_LEASE_MS);
      expect(leaseLength(slowest + slower, lapsed)).toBeGreaterThanOrEqual(length);
      expect(length).toBeGreaterThanOrEqual(Math.min(MAX_LEASE_MS, 4 * slowest, 2 * lapsed));
    }),
  );
});

test('a request decided after one of its queue that arrived later is told apart, with how late and its way to the queue', () => {
  const batch = [
    { arrivedAt: 1000, queuedAt: 3500 },
    { arrivedAt: 2000, queuedAt: 2100 },
    { arrivedAt: 2600, queuedAt: 2700 },
  ];
  expect(decidedOutOfOrder(batch, 2500)).toEqual([
    { lateByMs: 1500, wayToQueueMs: 2500 },
    { lateByMs: 500, wayToQueueMs: 100 },
  ]);
  // A queue's first batch, and ties of the same millisecond (the queue orders them by id), are in order.
  expect(decidedOutOfOrder(batch, 0)).toEqual([]);
  expect(decidedOutOfOrder(batch, 1000)).toEqual([]);
});
