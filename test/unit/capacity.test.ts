// The capacity plan's arithmetic: registration day's families, their arrival curve and the calls of their
// visit give each route's peak, and the deployed throttles are that peak with headroom.
import {
  addressLimit,
  callsPerVisit,
  familyVisit,
  laterArrivals,
  peakArrivals,
  peakCallsPerSecond,
  peakConcurrency,
  REGISTRATION_DAY,
  registrationDay,
  routePeaks,
  routeThrottles,
} from '../../infra/capacity';
import { cachedFunctions } from '../../infra/routes';
import { ACCOUNT_THROTTLE, ADDRESS_LIMIT, routeThrottle } from '../../infra/throttles';
import { manifest } from '../../lambdas/contract/manifest';
import { DRAW_ASK_SPREAD_MS } from '../../lambdas/contract/waitingInLine';

const day = REGISTRATION_DAY;
const peakOf = (key: string) => routePeaks(day).find((peak) => peak.routeKey === key)!.perSecond;

test('1,000 families, 60 % in the first 10 s: 60 arrive per second at the peak, 8 per second for the rest of the minute', () => {
  expect(peakArrivals(day)).toBe(60);
  expect(laterArrivals(day)).toBe(8);
  expect(peakArrivals(day) * day.rush.seconds + laterArrivals(day) * (day.arrivalSeconds - day.rush.seconds)).toBe(
    day.families,
  );
});

test("a family's visit sends 36 API calls: 19 as GETs (10 of them following its requests in line), the rest its own", () => {
  expect(callsPerVisit(day)).toBe(36);
  const calls = Object.fromEntries(familyVisit(day).map((call) => [`${call.method} ${call.name}`, call.calls]));
  expect(calls).toEqual({
    'GET config': 1,
    'GET semesters': 2,
    'GET availableEnrollmentClasses': 2,
    'GET lotteries': 2,
    'POST roles': 1,
    'POST students': 1,
    'GET tshirtSizes': 1,
    'POST saveStudent': 1,
    'POST enrollmentQuestions': 2,
    'POST policiesToAccept': 2,
    'POST enroll': 2,
    'POST enrollmentRequest': 2,
    'GET lineProgress': 10,
    'POST availableEnrollmentClasses': 2,
    'POST myEnrollments': 4,
    'GET classes': 1,
  });
});

test('every GET the visit counts is a cached read of the manifest; shared answers are public', () => {
  for (const call of familyVisit(day)) {
    if (call.method === 'GET') expect(cachedFunctions.map((cached) => cached.name)).toContain(call.name);
    if (call.sharedAnswer) expect(manifest[call.name].access).toBe('public');
  }
});

test('a route gets peak arrivals × its calls per family; a shared cached answer only the edge caches’ misses, once per max-age', () => {
  expect(peakOf('POST /fn/enroll')).toBe(120);
  expect(peakOf('POST /fn/students')).toBe(60);
  expect(peakOf('POST /fn/myEnrollments')).toBe(240);
  expect(peakOf('POST /fn/availableEnrollmentClasses')).toBe(120);
  expect(peakOf('POST /fn/roles')).toBe(60);
  expect(peakOf('GET /get/classes')).toBe(60); // each family's own query: no shared answer
  expect(peakOf('GET /get/availableEnrollmentClasses')).toBe(day.edgeCaches / 5);
  // 1,200 reads a second of the lines' progress at the edge; the origin sees one per edge cache every 2 s.
  expect(peakOf('GET /get/lineProgress')).toBe(day.edgeCaches / 2);
  expect(peakOf('POST /fn/classRoster')).toBe((2 * 6) / 0.2);
});

test('throttles are the busiest route of each access level × headroom 2, with a burst of two seconds of it, and they are what the stack deploys', () => {
  expect(routeThrottles(day)).toEqual({
    public: { rateLimit: 240, burstLimit: 480 },
    user: { rateLimit: 480, burstLimit: 960 },
    // A class day's: 60 classes' two instructors' phones sending what waited at once, a call a second each.
    instructor: { rateLimit: 240, burstLimit: 480 },
    admin: { rateLimit: 120, burstLimit: 240 },
  });
  expect(routeThrottle).toEqual(routeThrottles(day));
});

test('the throttles follow the plan: twice the families, twice the family routes’ limits', () => {
  const doubled = routeThrottles({ ...day, families: 2 * day.families });
  expect(doubled.user).toEqual({ rateLimit: 960, burstLimit: 1920 });
  expect(doubled.public).toEqual({ rateLimit: 480, burstLimit: 960 });
  expect(doubled.admin).toEqual(routeThrottles(day).admin);
  expect(doubled.instructor).toEqual(routeThrottles(day).instructor);
});

test("all routes together stay far below the account's throttle; the Lambdas at once count enroll's wait for its decision", () => {
  expect(peakCallsPerSecond(day)).toBe(1147.5);
  expect(peakCallsPerSecond(day)).toBeLessThan(ACCOUNT_THROTTLE.rateLimit);
  // enroll 120/s × 6 s, asking again 120/s × 2 s, the other 907.5 calls/s × 0.2 s.
  expect(peakConcurrency(day)).toBe(Math.ceil(120 * 6 + 120 * 2 + (1147.5 - 240) * 0.2));
  expect(peakConcurrency(day)).toBe(1142);
});

test('the size is a setting: registrationDay takes the families and classes and keeps the day’s assumptions', () => {
  expect(registrationDay()).toEqual(REGISTRATION_DAY);
  expect(registrationDay({ families: 10_000, classes: 120 })).toEqual({ ...day, families: 10_000, classes: 120 });
  expect(routeThrottles(registrationDay({ families: 10_000 })).user).toEqual({ rateLimit: 4800, burstLimit: 9600 });
});

test('one address may send the API calls of 50 family visits in 5 minutes at the edge (each read of a line counted), no more', () => {
  expect(addressLimit(day)).toEqual({ requests: 50 * 36, windowSeconds: 300 });
  expect(ADDRESS_LIMIT).toEqual(addressLimit(day));
});

test("with a fair start, the families come evenly over its window, and the draw's asks make enrollmentRequest's peak", () => {
  const fair = registrationDay({ fairStart: { minutes: 5 } });
  expect(peakArrivals(fair)).toBeCloseTo(1000 / 300);
  // 2,000 enrollments' pages ask within DRAW_ASK_SPREAD_MS of the draw, whatever the arrivals.
  const asks = routePeaks(fair).find((peak) => peak.name === 'enrollmentRequest')!.perSecond;
  expect(asks).toBeCloseTo(2000 / (DRAW_ASK_SPREAD_MS / 1000));
  // The deployed throttles are first come first served's: the fair start needs less on every access level.
  for (const access of ['public', 'user', 'admin'] as const)
    expect(routeThrottles(fair)[access].rateLimit).toBeLessThanOrEqual(routeThrottles(day)[access].rateLimit);
});
