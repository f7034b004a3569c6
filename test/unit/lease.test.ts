// How long the allocator's lease on a queue lasts: long enough that a batch started under it is written
// before it lapses (else another caller takes the queue over meanwhile and the batch fails on the lease,
// batch after batch on a slow table), and short enough that a holder that stopped holds its queue up briefly.
import fc from 'fast-check';
import { placeLate } from '../../lambdas/enrollment/allocator';
import { queueKeyOf } from '../../lambdas/enrollment/enrollmentRequests';
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

test('the requests of a read that stand before the last one decided in its turn are placed after it, the others stand where they are', () => {
  const requests = [{ id: '1000-a' }, { id: '2000-b' }, { id: '2600-c' }];
  const last = { key: queueKeyOf({ id: '2500-d' }), requestId: '2500-d' };
  expect(placeLate(requests, last)).toEqual([
    { id: '1000-a', placedAfter: '2500-d' },
    { id: '2000-b', placedAfter: '2500-d' },
    { id: '2600-c' },
  ]);
  // A queue's first batch, and a request of the same millisecond that the queue orders after the last by id.
  expect(placeLate(requests, undefined)).toEqual(requests);
  expect(placeLate([{ id: '2500-e' }], last)).toEqual([{ id: '2500-e' }]);
  expect(placeLate([{ id: '2500-c' }], last)).toEqual([{ id: '2500-c', placedAfter: '2500-d' }]);
});

test("a fair start's draw stands at its moment: a request of the draw decided after a later arrival is placed after it", () => {
  const draw = { opening: '2027-01-10T08:00:00.000Z', at: 5000, rank: 'ab' };
  const last = { key: queueKeyOf({ id: '5200-x' }), requestId: '5200-x' };
  expect(placeLate([{ id: '4000-a', draw }], last)).toEqual([{ id: '4000-a', draw, placedAfter: '5200-x' }]);
  expect(placeLate([{ id: '4000-a', draw }], { key: queueKeyOf({ id: '4998-y' }), requestId: '4998-y' })).toEqual([
    { id: '4000-a', draw },
  ]);
});
