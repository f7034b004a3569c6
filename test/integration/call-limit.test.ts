// The per-user limit slides: calls are counted over the last period whatever the clock's minute, so a
// burst across a minute boundary stops at the limit, concurrent calls from many Lambdas included, and
// the seconds to wait say when the next call goes through. countCall runs in this process against a
// table of this file's own in DynamoDB Local, with the clock given.
import type { CallLimit } from '../../lambdas/contract/records';
import { useOwnTable } from '../support/own-table';

useOwnTable('portal-call-limit');
const limit: CallLimit = { calls: 30, perSeconds: 60 };
const minute = 60_000;
const boundary = 1_000 * minute; // a whole minute: a fixed window would start again here

async function countCall(userId: string, now: number) {
  const { countCall: count } = await import('../../lambdas/platform/callCounts');
  return count(userId, 'enroll', limit, now);
}

const allowed = (answers: Array<{ allowed: boolean }>) => answers.filter((answer) => answer.allowed).length;

test('given 60 calls in 2 s across a minute boundary, then 30 pass and the rest are refused', async () => {
  const before = await Promise.all(Array.from({ length: 30 }, () => countCall('across', boundary - 1_000)));
  const after = await Promise.all(Array.from({ length: 30 }, () => countCall('across', boundary + 500)));
  expect([allowed(before), allowed(after)]).toEqual([30, 0]);
  expect(after[0]).toEqual({ allowed: false, retryAfterSeconds: 1 });
});

test('given 60 concurrent calls at once, then exactly 30 pass', async () => {
  const answers = await Promise.all(Array.from({ length: 60 }, () => countCall('storm', boundary)));
  expect(allowed(answers)).toBe(30);
});

test('given the limit reached, then the seconds to wait are when the next call passes, and calls come back at the rate of the limit', async () => {
  for (let index = 0; index < 30; index += 1) expect((await countCall('steady', boundary)).allowed).toBe(true);
  const refused = await countCall('steady', boundary);
  expect(refused).toEqual({ allowed: false, retryAfterSeconds: 2 });
  expect((await countCall('steady', boundary + 1_000)).allowed).toBe(false);
  expect((await countCall('steady', boundary + 2_000)).allowed).toBe(true);
  expect((await countCall('steady', boundary + 2_000)).allowed).toBe(false);
  // A quiet minute later the whole allowance is back.
  const later = await Promise.all(Array.from({ length: 31 }, () => countCall('steady', boundary + 2 * minute)));
  expect(allowed(later)).toBe(30);
});

test('each user and function has its own allowance', async () => {
  await Promise.all(Array.from({ length: 30 }, () => countCall('busy', boundary)));
  expect((await countCall('busy', boundary)).allowed).toBe(false);
  expect((await countCall('calm', boundary)).allowed).toBe(true);
  const { countCall: count } = await import('../../lambdas/platform/callCounts');
  expect((await count('busy', 'saveStudent', limit, boundary)).allowed).toBe(true);
});
