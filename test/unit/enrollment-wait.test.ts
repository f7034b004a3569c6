import { waitUntil } from '../../lambdas/data/enrollmentAnswer';

/** A call that reached the API `agoMs` ago and may run `remainingMs` more. */
const call = (agoMs: number, remainingMs: number) => ({
  arrivedAt: Date.now() - agoMs,
  remainingMs: () => remainingMs,
});

describe('how long an enroll waits for its decision', () => {
  test('the wait is counted from the call reaching the API, not from the end of its checks', () => {
    const until = waitUntil(call(2000, 8000), 6000);
    // 6 s after arrival: 4 s from now, leaving the answer 4 s of the function's 8.
    expect(until - Date.now()).toBeGreaterThan(3900);
    expect(until - Date.now()).toBeLessThanOrEqual(4000);
  });

  test('it ends in time to answer before the function times out', () => {
    const until = waitUntil(call(0, 5000), 6000);
    // 3 s kept for the answer's read and its sending.
    expect(until - Date.now()).toBeLessThanOrEqual(2000);
    expect(until - Date.now()).toBeGreaterThan(1900);
  });

  test('checks that took longer than the wait leave no wait: the decision is looked at once', () => {
    expect(waitUntil(call(7000, 3000), 6000)).toBeLessThan(Date.now());
  });
});
