// API Gateway's throttling as the local gateway plays it: token buckets with the limits the stack deploys,
// read on an injected clock, and API Gateway's own 429.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiThrottle, sendTooManyRequests } from '../../infra/local/apiThrottle';
import { ACCOUNT_THROTTLE, routeThrottle, stageThrottle } from '../../infra/throttles';
import type { Access } from '../../lambdas/contract/manifest';

const T0 = 1_000_000;

/** How many of `calls` calls arriving together at `now` are let through. */
function admittedOf(throttle: ApiThrottle, routeKey: string, access: Access, calls: number, now: number): number {
  let admitted = 0;
  for (let call = 0; call < calls; call += 1) if (throttle.admit(routeKey, access, now)) admitted += 1;
  return admitted;
}

test.each(['public', 'user', 'admin'] as const)(
  'a %s route lets a burst of its deployed burstLimit through at once, then refuses the next call',
  (access) => {
    const throttle = new ApiThrottle();
    const { burstLimit } = routeThrottle[access];
    expect(admittedOf(throttle, 'POST /fn/someFunction', access, burstLimit, T0)).toBe(burstLimit);
    expect(throttle.admit('POST /fn/someFunction', access, T0)).toBe(false);
  },
);

test('tokens come back at rateLimit per second, continuously, up to burstLimit and no more', () => {
  const throttle = new ApiThrottle();
  const { rateLimit, burstLimit } = routeThrottle.user;
  const tokenMs = 1000 / rateLimit;
  admittedOf(throttle, 'POST /fn/enroll', 'user', burstLimit, T0);
  expect(throttle.admit('POST /fn/enroll', 'user', T0 + tokenMs - 1)).toBe(false);
  expect(throttle.admit('POST /fn/enroll', 'user', T0 + tokenMs + 1)).toBe(true);
  expect(admittedOf(throttle, 'POST /fn/enroll', 'user', 2 * rateLimit, T0 + tokenMs + 1 + 1000)).toBe(rateLimit);
  expect(admittedOf(throttle, 'POST /fn/enroll', 'user', 1000, T0 + 60_000)).toBe(burstLimit);
});

test('a steady stream at the rate limit is never throttled, one above it is throttled by the excess', () => {
  const throttle = new ApiThrottle();
  const { rateLimit, burstLimit } = routeThrottle.admin;
  const steady = Array.from({ length: 10 * rateLimit }, (_, call) =>
    throttle.admit('POST /fn/classRoster', 'admin', T0 + (call * 1000) / rateLimit),
  );
  expect(steady.every(Boolean)).toBe(true);
  const twiceTheRate = Array.from({ length: 20 * rateLimit + 1 }, (_, call) =>
    throttle.admit('POST /fn/adminDashboard', 'admin', T0 + (call * 500) / rateLimit),
  );
  expect(twiceTheRate.filter(Boolean).length).toBe(burstLimit + 10 * rateLimit);
});

test('each route has its own bucket: one route exhausted leaves the others of its access level untouched', () => {
  const throttle = new ApiThrottle();
  admittedOf(throttle, 'POST /fn/enroll', 'user', routeThrottle.user.burstLimit, T0);
  expect(throttle.admit('POST /fn/enroll', 'user', T0)).toBe(false);
  expect(admittedOf(throttle, 'POST /fn/saveStudent', 'user', routeThrottle.user.burstLimit, T0)).toBe(
    routeThrottle.user.burstLimit,
  );
});

test("the stage's throttle is each route's default, not a cap on their sum: routes together pass more than its burst", () => {
  const throttle = new ApiThrottle();
  const routes: Array<[string, Access]> = [
    ['POST /fn/classes', 'public'],
    ['POST /fn/enroll', 'user'],
    ['POST /fn/myEnrollments', 'user'],
    ['POST /fn/classRoster', 'admin'],
  ];
  const admitted = routes.reduce(
    (sum, [routeKey, access]) => sum + admittedOf(throttle, routeKey, access, routeThrottle[access].burstLimit, T0),
    0,
  );
  expect(admitted).toBeGreaterThan(stageThrottle.burstLimit);
  expect(admitted).toBeLessThanOrEqual(ACCOUNT_THROTTLE.burstLimit);
});

describe('the account-level bucket caps the routes together', () => {
  const roomy = { rateLimit: 100, burstLimit: 100 };
  const routes = { public: roomy, user: roomy, instructor: roomy, admin: { rateLimit: 1, burstLimit: 1 } };

  test('calls of different routes share it, and it refills at its own rate', () => {
    const throttle = new ApiThrottle({ routes, account: { rateLimit: 10, burstLimit: 3 } });
    expect([
      throttle.admit('POST /fn/classes', 'public', T0),
      throttle.admit('POST /fn/enroll', 'user', T0),
      throttle.admit('POST /fn/students', 'user', T0),
    ]).toEqual([true, true, true]);
    expect(throttle.admit('POST /fn/calendar', 'public', T0)).toBe(false);
    expect(throttle.admit('POST /fn/calendar', 'public', T0 + 100)).toBe(true);
  });

  test('a call its route refuses takes no account token; a call the account refuses has spent its route token', () => {
    const throttle = new ApiThrottle({ routes, account: { rateLimit: 1, burstLimit: 2 } });
    expect(throttle.admit('POST /fn/classRoster', 'admin', T0)).toBe(true);
    expect(throttle.admit('POST /fn/classRoster', 'admin', T0)).toBe(false);
    expect(throttle.admit('POST /fn/enroll', 'user', T0)).toBe(true);
    expect(throttle.admit('POST /fn/adminDashboard', 'admin', T0)).toBe(false);
    // A second later the account has one token again, but the dashboard's route spent its only one above.
    expect(throttle.admit('POST /fn/adminDashboard', 'admin', T0 + 999)).toBe(false);
    expect(throttle.admit('POST /fn/adminDashboard', 'admin', T0 + 1000)).toBe(true);
  });
});

test('the counts say, per route, how many calls were admitted and how many throttled', () => {
  const throttle = new ApiThrottle();
  admittedOf(throttle, 'POST /fn/grantAdmin', 'admin', routeThrottle.admin.burstLimit + 3, T0);
  throttle.admit('POST /fn/classes', 'public', T0);
  expect(throttle.stats()).toEqual({
    'POST /fn/grantAdmin': { admitted: routeThrottle.admin.burstLimit, throttled: 3 },
    'POST /fn/classes': { admitted: 1, throttled: 0 },
  });
});

test("a throttled call is answered as API Gateway answers it: 429, JSON, {message: 'Too Many Requests'} and no error object", async () => {
  const server = createServer((_req, res) => sendTooManyRequests(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/fn/enroll`, {
      method: 'POST',
      body: '{}',
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.text()).toBe('{"message":"Too Many Requests"}');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
