// The figures of registration day (test/bench/day.ts plays it) and the lines the benchmark prints: who saw an
// error, API Gateway's throttling, how many enrolls waited in line, how long an enroll took from the click
// to its decision, what reached the catalogue's origin, and, for every class that filled, whether its seats
// and waitlist followed the order of the clicks and the order in which the calls reached the API.
import { allocateSeats } from '../../lambdas/enrollment/allocation';
import { linesOf } from '../../lambdas/catalogue/lines';
import type { Class, Enrollment } from '../../lambdas/contract/records';
import { SIGN_IN_ATTEMPTS, type CallRecord, type EnrollRecord, type VisitRecord } from './dayVisit';
import { apiArrival, GIVE_UP_MS, inLineCounts } from './enrollInTurn';
import { earliestSeated, ms, percentile, spearman, table } from './stats';

export interface DaySettings {
  families: number;
  classes: number;
  /** The arrival window (60 s on the day; less to compress it for small runs). */
  seconds: number;
  /** The conflicts proxy's hold, or null: conflicts off. */
  holdMs: number | null;
  seed: number;
  /** Registration opens with a fair start of this many minutes (absent: first come, first served). */
  fairStartMinutes?: number;
  /** The local user pool enforces Cognito's default request-rate quotas (PORTAL_COGNITO_QUOTAS=on). */
  cognitoQuotas: boolean;
}

/** A fair start's record after the day, checked as `npm run lottery:verify` checks it. */
export interface FairStartCheck {
  minutes: number;
  /** The (last) draw's moment. */
  drawAt: string;
  decisions: number;
  /** Decisions of requests in the draw (made before it), the others by arrival. */
  inDraw: number;
  refused: number;
  lines: number;
  /** The seed's SHA-256 is the commitment families saw. */
  committed: boolean;
  /** Where the record departs from the seed's order (none: it matches). */
  differences: string[];
}

/** A class after the day, and its waitlist positions as the roster lists them. */
export interface ClassAfterDay {
  cls: Pick<Class, 'id' | 'name' | 'capacity' | 'enrolled' | 'waitlisted'>;
  waitlistPositions: number[];
  /** Its roster could not be read (classRoster answered very busy three times): its positions are unknown. */
  rosterRefused?: true;
}

/** The local edge's counts over the day (GET /_local/edge-stats, after minus before). */
export interface EdgeCounts {
  catalogueHits: number;
  catalogueOriginCalls: number;
  throttledByRoute: Record<string, number>;
}

export interface DayRun {
  settings: DaySettings;
  /** The first family's arrival, and a fair start's draw (ms on the day's process clock, as the calls' `at`). */
  firstArrival: number;
  drawAt?: number;
  /** When the families came, in words. */
  arrivals: string;
  /** Children of all families, and how long making the families took. */
  children: number;
  setupMs: number;
  setupConcurrency: number;
  /** From the first arrival to the last answer. */
  dayMs: number;
  visits: VisitRecord[];
  classesAfter: ClassAfterDay[];
  edge: EdgeCounts;
  cacheSeconds: number;
  /** What the portal's functions logged as busy, by function and error (busyAnswers). */
  busyAnswers: Record<string, number>;
  /** The requests the allocator logged as placed late (outOfOrderDecisions). */
  outOfOrder: Array<{ lateByMs: number; wayToQueueMs: number }>;
  /** The semester's class groups: they join their classes' lines. */
  groups: Array<{ id: string; classIds: string[] }>;
  fairStart?: FairStartCheck;
}

/** An answer the day expects: 200 (enrolled, waitlisted or still in line), or 409 already-exists (the same child twice). */
const expected = (record: CallRecord) =>
  record.status === 200 || (record.status === 409 && record.code === 'already-exists');
const answerKind = (record: CallRecord) =>
  record.status === 0
    ? `${record.call} no answer (${record.code})`
    : `${record.call} ${record.status}${record.code ? ` ${record.code}` : record.throttled ? ' (throttled)' : ''}`;

/**
 * The orders fairness is read in: the families' clicks (this process's clock, as they lived it), and the
 * moment each call reached the API, from its request id (the order the allocator promises to keep; a call
 * refused before it stood in line has no such moment and is left out of that order).
 */
const ORDERS = {
  byClick: { label: 'by click', of: (enroll: EnrollRecord): number | undefined => enroll.clickedAt },
  byArrival: { label: 'by API arrival', of: (enroll: EnrollRecord) => apiArrival(enroll.requestId) },
};
type Order = keyof typeof ORDERS;

/** A class's seats and waitlist against one order of its enroll calls. */
interface OrderFairness {
  /** Of the first `capacity` enroll calls for the class in this order, how many got a seat. */
  earliestSeated: number;
  /** This order against waitlist position among the waitlisted (undefined with fewer than two). */
  rankCorrelation: number | undefined;
}

interface ClassFairness extends Record<Order, OrderFairness> {
  name: string;
  capacity: number;
  enrolled: number;
  callers: number;
  /** Calls for one of the class's groups: a group takes a seat in each of its classes or waits in all. */
  groupCallers: number;
  waitlisted: number;
  positionsContiguous: boolean;
}

function orderFairness(
  calls: EnrollRecord[],
  capacity: number,
  enrollmentOf: (enroll: EnrollRecord) => Enrollment | undefined,
  orderOf: (enroll: EnrollRecord) => number | undefined,
): OrderFairness {
  const waitlisted = calls.flatMap((enroll) => {
    const [order, enrollment] = [orderOf(enroll), enrollmentOf(enroll)];
    return order !== undefined && enrollment?.status === 'waitlisted' && enrollment.waitlistPosition !== undefined
      ? [{ order, position: enrollment.waitlistPosition }]
      : [];
  });
  return {
    earliestSeated: earliestSeated(calls, orderOf, (enroll) => enrollmentOf(enroll)?.status === 'enrolled', capacity),
    rankCorrelation:
      waitlisted.length >= 2
        ? spearman(
            waitlisted.map((entry) => entry.order),
            waitlisted.map((entry) => entry.position),
          )
        : undefined,
  };
}

/**
 * The requests whose outcome (a seat, or a place on the waitlist) differs from deciding each line's
 * requests one by one in arrival order (ties in the order of their ids, as the queue sorts them), from
 * empty classes: the allocator's promise, exactly. Lines join the classes that groups join (lines.ts).
 */
function decidedOutOfTurn(
  enrolls: EnrollRecord[],
  classesAfter: ClassAfterDay[],
  groups: DayRun['groups'],
): { differ: number; decided: number; lines: number; linesThatDiffer: number } {
  const lines = linesOf(
    classesAfter.map(({ cls }) => cls.id),
    groups,
  );
  const byLine = new Map<string, EnrollRecord[]>();
  for (const enroll of enrolls) {
    if (enroll.requestId === undefined || !enroll.enrollments?.length) continue;
    const line = lines.get(enroll.classIds[0]!)!;
    byLine.set(line, [...(byLine.get(line) ?? []), enroll]);
  }
  const empty = new Map(
    classesAfter.map(({ cls }) => [cls.id, { capacity: cls.capacity, enrolled: 0, waitlisted: 0 }]),
  );
  let differ = 0;
  let linesThatDiffer = 0;
  for (const line of byLine.values()) {
    const inTurn = line.sort((a, b) => queueOrder(a.requestId!).localeCompare(queueOrder(b.requestId!)));
    const { outcomes } = allocateSeats(empty, inTurn);
    const wrong = inTurn.filter((enroll, index) => enroll.enrollments![0]!.status !== outcomes[index]).length;
    differ += wrong;
    if (wrong > 0) linesThatDiffer += 1;
  }
  return { differ, decided: sumOf([...byLine.values()], (line) => line.length), lines: byLine.size, linesThatDiffer };
}

const queueOrder = (requestId: string) => `${String(apiArrival(requestId)).padStart(15, '0')}#${requestId}`;

function classFairness({ cls, waitlistPositions }: ClassAfterDay, enrolls: EnrollRecord[]): ClassFairness {
  const calls = enrolls.filter((enroll) => enroll.classIds.includes(cls.id));
  const enrollmentOf = (enroll: EnrollRecord) =>
    enroll.enrollments?.find((enrollment) => enrollment.classId === cls.id);
  const sorted = [...waitlistPositions].sort((a, b) => a - b);
  return {
    name: cls.name,
    capacity: cls.capacity,
    enrolled: cls.enrolled,
    callers: calls.length,
    groupCallers: calls.filter((enroll) => enroll.groupId).length,
    waitlisted: cls.waitlisted,
    positionsContiguous: sorted.length === cls.waitlisted && sorted.every((position, index) => position === index + 1),
    byClick: orderFairness(calls, cls.capacity, enrollmentOf, ORDERS.byClick.of),
    byArrival: orderFairness(calls, cls.capacity, enrollmentOf, ORDERS.byArrival.of),
  };
}

/** The filled classes' share of seats to their earliest callers and their Spearman, min and median, in one order. */
function orderSummary(filled: ClassFairness[], order: Order): { seats: string; spearman: string } {
  const shares = filled.map((cls) => cls[order].earliestSeated / cls.capacity);
  const correlations = filled.flatMap((cls) =>
    cls[order].rankCorrelation === undefined ? [] : [cls[order].rankCorrelation!],
  );
  const { label } = ORDERS[order];
  return {
    seats: `${label} min ${share(shares.length ? Math.min(...shares) : Number.NaN, 1)}, median ${share(percentile(shares, 50), 1)}`,
    spearman: `${label} min ${fixed(correlations.length ? Math.min(...correlations) : undefined)}, median ${fixed(percentile(correlations, 50))} (${correlations.length} classes with two or more waitlisted)`,
  };
}

/** The lower of a class's two shares of seats to its earliest callers: the worst classes by either order. */
const worstShare = (cls: ClassFairness) =>
  Math.min(cls.byClick.earliestSeated, cls.byArrival.earliestSeated) / cls.capacity;
const worstCorrelation = (cls: ClassFairness) =>
  Math.min(cls.byClick.rankCorrelation ?? 1, cls.byArrival.rankCorrelation ?? 1);

/** Latencies as the report prints them. */
const spread = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))}`;
const medianMax = (values: number[]) => `median ${percentile(values, 50)}, max ${Math.max(...values)}`;

const sumOf = <T>(items: T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);
const share = (part: number, whole: number) =>
  whole === 0 || !Number.isFinite(part) ? '-' : `${((100 * part) / whole).toFixed(0)} %`;
const fixed = (value: number | undefined, digits = 2) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

export function dayReport(run: DayRun): string {
  const { settings, visits } = run;
  const calls = visits.flatMap((visit) => visit.calls);
  const enrolls = visits.flatMap((visit) => visit.enrolls);
  const failedFamilies = visits.filter((visit) => visit.calls.some((call) => !expected(call)));
  const failures = new Map<string, { calls: number; families: Set<number> }>();
  for (const visit of visits) {
    for (const call of visit.calls.filter((record) => !expected(record))) {
      const entry = failures.get(answerKind(call)) ?? { calls: 0, families: new Set<number>() };
      entry.calls += 1;
      entry.families.add(visit.family);
      failures.set(answerKind(call), entry);
    }
  }
  const seated = (status: string) =>
    enrolls.filter((enroll) => enroll.enrollments?.some((enrollment) => enrollment.status === status)).length;
  const answeredPlaces = (status: string) =>
    enrolls.flatMap((enroll) => enroll.enrollments ?? []).filter((enrollment) => enrollment.status === status).length;
  // A request in a fair start's draw waits for the draw by design: its time is counted from the draw.
  const inDraw = enrolls.filter((enroll) => enroll.drawAt !== undefined);
  const clickToAnswer = enrolls
    .filter((enroll) => enroll.drawAt === undefined)
    .map((enroll) => enroll.answeredAt - enroll.clickedAt);
  const signIns = calls.filter((call) => call.call === 'InitiateAuth');
  const signInsThrottled = signIns.filter((call) => call.poolThrottled);
  const inLine = inLineCounts(enrolls);
  const toldInLine = enrolls.filter((enroll) => enroll.firstPlace !== undefined);
  const stillInLine = enrolls.filter((enroll) => enroll.stillInLine).length;
  const throttledCalls = calls.filter((call) => call.throttled > 0);
  const catalogueGets = calls.filter((call) => call.call.startsWith('GET ')).length;
  const periods = Math.max(1, Math.ceil(run.dayMs / 1000 / run.cacheSeconds));

  const filled = run.classesAfter
    .filter(({ cls }) => cls.enrolled >= cls.capacity)
    .map((after) => classFairness(after, enrolls));
  // A group waits in every class of the group when one of them is full: a waitlist beside free seats.
  const waitingBesideSeats = run.classesAfter.filter(({ cls }) => cls.waitlisted > 0 && cls.enrolled < cls.capacity);
  const waitingOutsideGroups = waitingBesideSeats.filter(({ cls }) =>
    enrolls.some(
      (enroll) =>
        !enroll.groupId &&
        enroll.enrollments?.some((enrollment) => enrollment.classId === cls.id && enrollment.status === 'waitlisted'),
    ),
  );
  const [byClick, byArrival] = [orderSummary(filled, 'byClick'), orderSummary(filled, 'byArrival')];
  const outOfTurn = decidedOutOfTurn(enrolls, run.classesAfter, run.groups);
  const worst = [...filled]
    .sort((a, b) => worstShare(a) - worstShare(b) || worstCorrelation(a) - worstCorrelation(b))
    .slice(0, 5);
  const callsByKind = new Map<string, number>();
  for (const call of calls) callsByKind.set(call.call, (callsByKind.get(call.call) ?? 0) + 1);
  const perFamily = (count: number) => (count / settings.families).toFixed(2);

  return [
    `Registration day: ${settings.families} families, ${run.children} children, ${enrolls.length} enroll calls, ${settings.classes} classes (${run.classesAfter.reduce((sum, { cls }) => sum + cls.capacity, 0)} seats)`,
    `settings: BENCH_DAY_FAMILIES=${settings.families} BENCH_DAY_CLASSES=${settings.classes} BENCH_DAY_SECONDS=${settings.seconds} BENCH_DAY_HOLD_MS=${settings.holdMs ?? 'off'} BENCH_DAY_SEED=${settings.seed} BENCH_DAY_COGNITO_QUOTAS=${settings.cognitoQuotas ? 'on' : 'off'}; API throttle on, catalogue cache on; arrivals: ${run.arrivals}`,
    `families made before the day: ${(run.setupMs / 1000).toFixed(1)} s (${run.setupConcurrency} at a time)`,
    ...(run.fairStart ? fairStartLines(run.fairStart) : []),
    `the day: ${(run.dayMs / 1000).toFixed(1)} s from the first arrival to the last answer`,
    '',
    `families that saw an error: ${failedFamilies.length} of ${settings.families} (target 0)`,
    ...(failures.size === 0
      ? []
      : [
          table([
            ['  final answer', 'calls', 'families'],
            ...[...failures]
              .sort((a, b) => b[1].calls - a[1].calls)
              .map(([kind, entry]) => [`  ${kind}`, String(entry.calls), String(entry.families.size)]),
          ]),
        ]),
    ...(failures.size === 0 ? [] : [`  when the calls that failed were sent: ${failuresOverTime(calls, run)}`]),
    `the portal's busy answers (429: an AWS error after the SDK's retries, or out of attempts or time), by function and cause: ${
      Object.entries(run.busyAnswers)
        .map(([what, count]) => `${what} ${count}`)
        .join(', ') || 'none'
    }`,
    `enroll answers (decided): ${seated('enrolled')} enrolled, ${seated('waitlisted')} waitlisted, ${enrolls.filter((enroll) => enroll.answer.status === 409).length} already enrolled, ${enrolls.filter((enroll) => !expected(enroll.answer)).length} errors` +
      // More in the classes than answered: requests whose callers were answered an error were decided later.
      `; per class, answered ${answeredPlaces('enrolled')} seats and ${answeredPlaces('waitlisted')} waitlist places, the classes count ${sumOf(run.classesAfter, ({ cls }) => cls.enrolled)} and ${sumOf(run.classesAfter, ({ cls }) => cls.waitlisted)}`,
    `enroll calls first told a place in line (pending): ${inLine.firstPending} of ${enrolls.length}` +
      (toldInLine.length ? ` (place when told: ${medianMax(toldInLine.map((enroll) => enroll.firstPlace!))})` : '') +
      `; asks again (enrollmentRequest calls): ${inLine.askedAgain}` +
      (toldInLine.length
        ? ` (per enroll told a place: ${medianMax(toldInLine.map((enroll) => enroll.askedAgain))})`
        : '') +
      `; reads of the line's progress (lineProgress GETs): ${inLine.progressReads}` +
      `; still in line when the bench stopped asking (${GIVE_UP_MS / 1000} s): ${stillInLine}`,
    `calls throttled by API Gateway (429 Too Many Requests): ${throttledCalls.length} of ${calls.length}; resends ${throttledCalls.reduce((sum, call) => sum + Math.min(call.throttled, 4), 0)}; still throttled after four resends ${calls.filter((call) => call.status === 429 && !call.code).length}` +
      (Object.keys(run.edge.throttledByRoute).length
        ? ` (gateway: ${Object.entries(run.edge.throttledByRoute)
            .map(([route, count]) => `${route} ${count}`)
            .join(', ')})`
        : ''),
    `sign-ins: ${signIns.length}; throttled by the user pool (TooManyRequestsException, tried again as Amplify does): ${signInsThrottled.length} (${sumOf(signInsThrottled, (call) => call.poolThrottled!)} answers), still refused after ${SIGN_IN_ATTEMPTS} attempts ${signIns.filter((call) => call.code === 'TooManyRequestsException').length}`,
    `enroll, click to decided answer (asks again and resends included${inDraw.length ? '; not in the draw' : ''}): ${spread(clickToAnswer)}`,
    ...(inDraw.length
      ? [
          `enroll in the fair start's draw: ${inDraw.length}; from the draw to the decided answer: ${spread(inDraw.map((enroll) => enroll.answeredAt - enroll.drawAt!))}`,
        ]
      : []),
    ...(toldInLine.length
      ? [
          `  of those first told a place in line: ${spread(toldInLine.map((enroll) => enroll.answeredAt - enroll.clickedAt))}`,
        ]
      : []),
    `catalogue GETs: ${catalogueGets} (${perFamily(catalogueGets)} per family): ${run.edge.catalogueHits} from the cache, ${run.edge.catalogueOriginCalls} origin calls = ${perFamily(run.edge.catalogueOriginCalls)} per family, ${(run.edge.catalogueOriginCalls / periods).toFixed(1)} per ${run.cacheSeconds}-s cache period (${periods} periods)`,
    `calls per family: ${perFamily(calls.length)} (${[...callsByKind].map(([kind, count]) => `${kind} ${perFamily(count)}`).join(', ')})`,
    '',
    ...(run.fairStart
      ? [
          "With a fair start the requests made before the draw are in the draw's order, not their arrival's: the order lines by arrival below do not apply to them (the record's check above does).",
        ]
      : []),
    ...(run.classesAfter.some(({ rosterRefused }) => rosterRefused)
      ? [
          `rosters classRoster answered very busy three times (their waitlist positions unknown below): ${run.classesAfter
            .filter(({ rosterRefused }) => rosterRefused)
            .map(({ cls }) => `${cls.name} (${cls.enrolled} enrolled, ${cls.waitlisted} waitlisted)`)
            .join(', ')}`,
        ]
      : []),
    `classes that filled: ${filled.length} of ${run.classesAfter.length}; seats given = capacity in ${filled.filter((cls) => cls.enrolled === cls.capacity).length}; waitlist positions 1..n in ${filled.filter((cls) => cls.positionsContiguous).length}`,
    `classes with free seats and a waitlist: ${waitingBesideSeats.length} (${waitingOutsideGroups.length} with a single-class entry waiting; the others' are group entries waiting for a full class of their group)`,
    `seats to the class's earliest callers (of its first capacity calls, share seated; target 100 %): ${byClick.seats}; ${byArrival.seats}`,
    `requests decided otherwise than their line in arrival order gives them (a seat, or a wait; target 0): ${outOfTurn.differ} of ${outOfTurn.decided} decided, in ${outOfTurn.linesThatDiffer} of ${outOfTurn.lines} lines`,
    `requests the allocator placed late (they reached their queue after it had decided a later one, and were placed after that one; target 0): ${run.outOfOrder.length}` +
      (run.outOfOrder.length
        ? ` (late by ms: ${medianMax(run.outOfOrder.map((slip) => slip.lateByMs))}; their way to the queue, ms: ${medianMax(run.outOfOrder.map((slip) => slip.wayToQueueMs))})`
        : ''),
    `arrival order vs waitlist position, Spearman (target >= 0.99): ${byClick.spearman}; ${byArrival.spearman}`,
    ...(worst.length
      ? [
          'worst five (by the lower share of seats to the earliest callers of the two orders):',
          table([
            [
              '  class',
              'capacity',
              'enrolled',
              'enroll calls',
              'of them groups',
              'seats to earliest callers: by click',
              'by API arrival',
              'waitlisted',
              'positions 1..n',
              'Spearman: by click',
              'by API arrival',
            ],
            ...worst.map((cls) => [
              `  ${cls.name}`,
              String(cls.capacity),
              String(cls.enrolled),
              String(cls.callers),
              String(cls.groupCallers),
              `${cls.byClick.earliestSeated} (${share(cls.byClick.earliestSeated, cls.capacity)})`,
              `${cls.byArrival.earliestSeated} (${share(cls.byArrival.earliestSeated, cls.capacity)})`,
              String(cls.waitlisted),
              cls.positionsContiguous ? 'yes' : 'NO',
              fixed(cls.byClick.rankCorrelation),
              fixed(cls.byArrival.rankCorrelation),
            ]),
          ]),
        ]
      : []),
  ].join('\n');
}

/**
 * The failed calls counted by the half-minute they were sent in, from the first arrival (the draw's marked), with
 * the call that failed most in each.
 */
function failuresOverTime(calls: CallRecord[], run: DayRun): string {
  const period = 30_000;
  const counts = new Map<number, Map<string, number>>();
  for (const call of calls.filter((record) => !expected(record))) {
    const slot = Math.floor((call.at - run.firstArrival) / period);
    const kinds = counts.get(slot) ?? new Map<string, number>();
    kinds.set(call.call, (kinds.get(call.call) ?? 0) + 1);
    counts.set(slot, kinds);
  }
  const drawSlot = run.drawAt === undefined ? undefined : Math.floor((run.drawAt - run.firstArrival) / period);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([slot, kinds]) => {
      const [most, mostCount] = [...kinds].sort((a, b) => b[1] - a[1])[0]!;
      const count = [...kinds.values()].reduce((sum, value) => sum + value, 0);
      return `${(slot * period) / 1000} s${slot === drawSlot ? ' (the draw)' : ''}: ${count} (${most} ${mostCount})`;
    })
    .join(', ');
}

/** The fair start's lines: its draw, and its record checked with the seed (the target: it matches). */
function fairStartLines(check: FairStartCheck): string[] {
  return [
    `fair start: ${check.minutes} min, the draw at ${check.drawAt}; its record: ${check.decisions} decisions in ${check.lines} lines, ${check.inDraw} of them in the draw, ${check.refused} refused`,
    `  the record checked with the seed (target: it matches): ${
      check.differences.length === 0
        ? "every rank is the seed's, and every line gave its places in the queue's order"
        : `${check.differences.length} differences: ${check.differences.slice(0, 5).join(' ')}`
    }; the seed is ${check.committed ? '' : 'NOT '}the one committed`,
  ];
}
