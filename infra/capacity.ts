// The capacity plan for registration day: how many calls per second each route of the API must take when
// registration opens, from how many families come, how fast, and what the web app calls during their
// visit. The API's route throttles (throttles.ts) and the edge's per-address limit are computed from it,
// so changing an assumption here changes what is deployed. Abuse is stopped per client (the functions'
// per-user limits, the per-address rule at CloudFront), never by a cap all families share.
import { manifest, type Access, type FunctionName } from '../lambdas/contract/manifest';
import { DRAW_ASK_SPREAD_MS } from '../lambdas/contract/waitingInLine';
import { cachedFunctions, cachedReadPath, functionPath, routeKey } from './routes';

export interface ThrottleLimits {
  /** Tokens added per second, continuously. */
  rateLimit: number;
  /** The bucket's size: how many calls may arrive at once. */
  burstLimit: number;
}

export interface RegistrationDay {
  families: number;
  /** The semester's classes: each has a line of requests and a partition of its own. */
  classes: number;
  /** The share of all enrollments asked for in the most wanted class: its line and partition take that much. */
  hottestClassShare: number;
  /** The arrival curve at opening: `share` of the families in the first `seconds`… */
  rush: { share: number; seconds: number };
  /** …and the others spread over the rest of this many seconds. */
  arrivalSeconds: number;
  /**
   * A fair start of this many minutes instead (the semester's choice): being early or fast gains nothing, so the
   * families come evenly over its window. After its draw every page finds its place in its drawn line (from the
   * edge) and asks when its turn is near; the plan counts the asks as if every page asked within DRAW_ASK_SPREAD_MS,
   * as it does when its drawn line cannot be read: the most they can be.
   */
  fairStart?: { minutes: number };
  /** Children a family enrolls: one enroll dialog, one enroll call each. */
  enrollmentsPerFamily: number;
  /**
   * Times the enroll dialog asks again for a request still in line, per enrollment: the allocator decides
   * most within the enroll call's own wait; this counts one ask for each, for a day it does not.
   */
  asksAgainPerEnrollment: number;
  /**
   * Reads of the line's progress per enrollment while its request waits (one every 2 s): one answer every family
   * shares, so CloudFront answers them and the origin sees one per edge cache and max-age, however many wait.
   */
  progressReadsPerEnrollment: number;
  /** Children a family adds from the enroll dialog that day (the others were added before). */
  childrenAddedPerFamily: number;
  /** Administrators at work at the opening, each on the busiest screen (the rosters of Class Forms). */
  administrators: number;
  /** Calls such a screen keeps under way at once (useRosters loads six rosters at a time). */
  adminCallsAtOnce: number;
  /** A function's answer time under load: how soon a screen sends its next call, and a Lambda is free again. */
  callSeconds: number;
  /**
   * How long a call may wait for an enrollment's decision, its Lambda busy all along: `enroll` up to 6 s, asking
   * again up to 2 s (lambdas/enrollment/enrollmentAnswer.ts, lambdas/enrollment/handlers/enrollmentRequest.ts).
   */
  waitSeconds: Partial<Record<FunctionName, number>>;
  /**
   * Calls to the user pool's UserAuthentication quota per family: a sign-in (InitiateAuth), or a refresh of the
   * tokens of a family signed in earlier; the web app refreshes at most once in a visit of a few minutes.
   */
  authCallsPerFamily: number;
  /** Guardians per family: each is e-mailed each enrollment in their own e-mail. */
  guardiansPerFamily: number;
  /**
   * Seat transactions a second the allocator commits for one line at most (one at a time, each some tens of
   * milliseconds in AWS): each rewrites its class's item, whose copy on the semester's class list follows.
   */
  transactionsPerLine: number;
  /** A class item's size (its meetings, texts and counts), in KB: each rewrite of it costs as many index write units. */
  classItemKB: number;
  /** CloudFront caches that may each miss a shared answer once per max-age (the families' nearby edge locations). */
  edgeCaches: number;
  /** Throttle rate = peak × headroom. */
  headroom: number;
  /** The burst is this many seconds of the throttle rate: the opening second's crowd is above the ten-second average. */
  burstSeconds: number;
  /** Families that may share one address (a school's or a library's network, a mobile carrier's NAT). */
  familiesPerAddress: number;
  /** The window of the per-address rule (one of AWS WAF's: 60, 120, 300 or 600 s). */
  addressWindowSeconds: number;
}

export const REGISTRATION_DAY: RegistrationDay = {
  families: 1_000,
  classes: 60,
  hottestClassShare: 0.1,
  rush: { share: 0.6, seconds: 10 },
  arrivalSeconds: 60,
  enrollmentsPerFamily: 2,
  asksAgainPerEnrollment: 1,
  progressReadsPerEnrollment: 5,
  childrenAddedPerFamily: 1,
  administrators: 2,
  adminCallsAtOnce: 6,
  callSeconds: 0.2,
  waitSeconds: { enroll: 6, enrollmentRequest: 2 },
  authCallsPerFamily: 1,
  guardiansPerFamily: 1.5,
  transactionsPerLine: 10,
  classItemKB: 2,
  edgeCaches: 5,
  headroom: 2,
  burstSeconds: 2,
  familiesPerAddress: 50,
  addressWindowSeconds: 300,
};

/**
 * The plan for a programme of this size: the deploy setting `families` (and `classes`) over the day's assumptions;
 * with `fairStart`, an opening with a fair start (the stack is sized for first come, first served, its worst case).
 */
export function registrationDay(
  size: { families?: number; classes?: number; fairStart?: { minutes: number } } = {},
): RegistrationDay {
  return { ...REGISTRATION_DAY, ...size };
}

/** One route a family's visit calls, how often, and where in the web app. */
export interface FamilyCall {
  name: FunctionName;
  method: 'GET' | 'POST';
  calls: number;
  /** The same answer for every family (a cached GET CloudFront shares), or the family's own. */
  sharedAnswer: boolean;
  where: string;
}

/**
 * A family's visit on registration day as the web app makes it: lands on Class Registration as a visitor,
 * chooses a class, signs in and is brought back, enrolls each child (adding one on the way), then looks
 * at My Enrollments.
 */
export function familyVisit(day: RegistrationDay): FamilyCall[] {
  const enrollments = day.enrollmentsPerFamily;
  const added = day.childrenAddedPerFamily;
  return [
    {
      name: 'config',
      method: 'GET',
      calls: 1,
      sharedAnswer: true,
      where: 'the remote configuration, once when the app starts (RemoteConfigProvider)',
    },
    {
      name: 'semesters',
      method: 'GET',
      calls: 2,
      sharedAnswer: true,
      where: 'Class Registration on arrival and back from signing in (EnrollmentPage)',
    },
    {
      name: 'availableEnrollmentClasses',
      method: 'GET',
      calls: 2,
      sharedAnswer: true,
      where: 'the same two visits of Class Registration (catalogueCache.loadAvailability)',
    },
    {
      name: 'lotteries',
      method: 'GET',
      calls: 2,
      sharedAnswer: true,
      where: 'the same two visits of Class Registration: a lottery under way is said (LotteryNotices)',
    },
    { name: 'roles', method: 'POST', calls: 1, sharedAnswer: false, where: 'signing in (AuthProvider)' },

    {
      name: 'students',
      method: 'POST',
      calls: 1,
      sharedAnswer: false,
      where:
        'Class Registration back from signing in: where each child stands; the enroll dialog reuses it (useFamily)',
    },
    {
      name: 'tshirtSizes',
      method: 'GET',
      calls: added,
      sharedAnswer: true,
      where: 'the child form in the enroll dialog (StudentForm)',
    },
    { name: 'saveStudent', method: 'POST', calls: added, sharedAnswer: false, where: 'adding a child (StudentForm)' },
    {
      name: 'enrollmentQuestions',
      method: 'POST',
      calls: enrollments,
      sharedAnswer: false,
      where: 'the questions of the semester and the class, as the enroll dialog opens (EnrollDialog)',
    },
    {
      name: 'policiesToAccept',
      method: 'POST',
      calls: enrollments,
      sharedAnswer: false,
      where: 'the policies the chosen child is to accept first, asked before anything is sent (EnrollDialog)',
    },
    {
      name: 'enroll',
      method: 'POST',
      calls: enrollments,
      sharedAnswer: false,
      where: 'each enrollment (EnrollDialog)',
    },
    {
      name: 'enrollmentRequest',
      method: 'POST',
      calls: enrollments * day.asksAgainPerEnrollment,
      sharedAnswer: false,
      where: 'asking again when the turn of a request in line is near (waitInLine)',
    },
    {
      name: 'lineProgress',
      method: 'GET',
      calls: enrollments * day.progressReadsPerEnrollment,
      sharedAnswer: true,
      where: 'following the place of a request in line, every 2 s (waitInLine)',
    },
    ...(day.fairStart
      ? [
          {
            name: 'drawnLine',
            method: 'GET',
            calls: enrollments,
            sharedAnswer: true,
            where: "a request of a fair start's draw finding its place once the draw came (waitInLine)",
          } satisfies FamilyCall,
        ]
      : []),
    {
      name: 'availableEnrollmentClasses',
      method: 'POST',
      calls: enrollments,
      sharedAnswer: false,
      where: 'the seats after each enrollment, read past the caches (catalogueCache.refreshAvailability)',
    },
    {
      name: 'myEnrollments',
      method: 'POST',
      calls: enrollments + 2,
      sharedAnswer: false,
      where:
        'Class Registration back from signing in and after each enrollment (where each child stands, useFamily), and My Enrollments (EnrollmentsPage)',
    },
    {
      name: 'classes',
      method: 'GET',
      calls: 1,
      sharedAnswer: false,
      where: "My Enrollments, for classes the app has not loaded yet: the family's own query (EnrollmentsPage)",
    },
  ];
}

/** Families arriving per second in the rush (the arrival curve's peak); with a fair start, evenly over its window. */
export function peakArrivals(day: RegistrationDay): number {
  if (day.fairStart) return day.families / (day.fairStart.minutes * 60);
  return (day.families * day.rush.share) / day.rush.seconds;
}

/** The families whose enrollments are decided in the first minutes: the rush's, or with a fair start everyone's. */
export const openingFamilies = (day: RegistrationDay) => (day.fairStart ? day.families : day.families * day.rush.share);

/** With a fair start, the asks a second just after its draw at most: every enrollment's page asks once within the spread. */
export function drawAsks(day: RegistrationDay): number {
  return day.fairStart ? (day.families * day.enrollmentsPerFamily) / (DRAW_ASK_SPREAD_MS / 1000) : 0;
}

/** Families arriving per second after the rush, for the rest of the arrival time. */
export function laterArrivals(day: RegistrationDay): number {
  return (day.families * (1 - day.rush.share)) / (day.arrivalSeconds - day.rush.seconds);
}

const cacheSecondsOf = (name: FunctionName) => cachedFunctions.find((cached) => cached.name === name)?.cacheSeconds;

export interface RoutePeak {
  name: FunctionName;
  routeKey: string;
  access: Access;
  /** Calls per second that reach API Gateway at the peak (after CloudFront's cache for shared answers). */
  perSecond: number;
}

/**
 * Calls per second each route gets at the peak: every arriving family makes its calls of the route within
 * the rush (the worst case), but a shared answer reaches the API only when one of the edge caches misses
 * it, once per max-age. Administrators' screens add their own routes.
 */
export function routePeaks(day: RegistrationDay): RoutePeak[] {
  const arrivals = peakArrivals(day);
  const families = familyVisit(day).map(({ name, method, calls, sharedAnswer }): RoutePeak => {
    // A fair start's draw gathers every family's asks: its spread, not the arrivals, makes that route's peak.
    const fromFamilies = Math.max(arrivals * calls, name === 'enrollmentRequest' ? drawAsks(day) : 0);
    const cacheSeconds = method === 'GET' ? cacheSecondsOf(name) : undefined;
    if (method === 'GET' && cacheSeconds === undefined)
      throw new Error(`${name} is counted as a GET, but the manifest does not cache it.`);
    const perSecond =
      sharedAnswer && cacheSeconds ? Math.min(fromFamilies, day.edgeCaches / cacheSeconds) : fromFamilies;
    return {
      name,
      routeKey: routeKey({ method, path: method === 'GET' ? cachedReadPath(name) : functionPath(name) }),
      access: manifest[name].access,
      perSecond,
    };
  });
  const rosters: RoutePeak = {
    name: 'classRoster',
    routeKey: routeKey({ method: 'POST', path: functionPath('classRoster') }),
    access: 'admin',
    perSecond: (day.administrators * day.adminCallsAtOnce) / day.callSeconds,
  };
  return [...families, rosters];
}

/** Instructors a class has on its class day, each with a phone that may sync at once. */
const INSTRUCTORS_PER_CLASS = 2;
/** Calls a second one instructor's phone makes while it sends what waited (batches of marks, then its rosters). */
const INSTRUCTOR_CALLS_PER_SECOND = 1;

/**
 * Each access level's route throttle: its busiest route's peak × headroom, with a burst of burstSeconds of it.
 * Instructors call on class days, not on registration day: their peak is every class's instructors sending what
 * waited on their phones at once (signal back at the trailheads).
 */
export function routeThrottles(day: RegistrationDay): Record<Access, ThrottleLimits> {
  const peaks = routePeaks(day);
  const limits = (busiest: number): ThrottleLimits => {
    const rateLimit = Math.ceil(busiest * day.headroom);
    return { rateLimit, burstLimit: rateLimit * day.burstSeconds };
  };
  const throttle = (access: Access) =>
    limits(Math.max(...peaks.filter((peak) => peak.access === access).map((peak) => peak.perSecond)));
  return {
    public: throttle('public'),
    user: throttle('user'),
    instructor: limits(day.classes * INSTRUCTORS_PER_CLASS * INSTRUCTOR_CALLS_PER_SECOND),
    admin: throttle('admin'),
  };
}

/** All routes together at the peak, calls per second: what the account's throttle and Lambda's concurrency must hold. */
export function peakCallsPerSecond(day: RegistrationDay): number {
  return routePeaks(day).reduce((sum, peak) => sum + peak.perSecond, 0);
}

/**
 * Lambdas busy at once at the peak: each route's calls per second × how long one keeps its Lambda (its wait for
 * a decision, or the answer time); the account's default limit is 1,000.
 */
export function peakConcurrency(day: RegistrationDay): number {
  const busy = routePeaks(day).map((peak) => peak.perSecond * (day.waitSeconds[peak.name] ?? day.callSeconds));
  return Math.ceil(busy.reduce((sum, seconds) => sum + seconds, 0));
}

/** API calls one family's visit sends through CloudFront, cached or not: what one address makes per family. */
export function callsPerVisit(day: RegistrationDay): number {
  return familyVisit(day).reduce((sum, call) => sum + call.calls, 0);
}

/** The per-address rule at the edge: the API calls of familiesPerAddress visits within the window, no more. */
export function addressLimit(day: RegistrationDay): { requests: number; windowSeconds: number } {
  return { requests: day.familiesPerAddress * callsPerVisit(day), windowSeconds: day.addressWindowSeconds };
}
