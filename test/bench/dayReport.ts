// The figures of registration day (test/bench/day.ts plays it) and the lines the benchmark prints: who saw an
// error, API Gateway's throttling, how long an enroll took from the click, what reached the catalogue's
// origin, and, for every class that filled, whether its seats and waitlist followed the order of arrival.
import type { Class } from '../../lambdas/records';
import type { CallRecord, EnrollRecord, VisitRecord } from './dayVisit';
import { ms, percentile, spearman, table } from './stats';

export interface DaySettings {
  families: number;
  classes: number;
  /** The arrival window (60 s on the day; less to compress it for small runs). */
  seconds: number;
  /** The conflicts proxy's hold, or null: conflicts off. */
  holdMs: number | null;
  seed: number;
}

/** A class after the day, and its waitlist positions as the roster lists them. */
export interface ClassAfterDay {
  cls: Pick<Class, 'id' | 'name' | 'capacity' | 'enrolled' | 'waitlisted'>;
  waitlistPositions: number[];
}

/** The local edge's counts over the day (GET /_local/edge-stats, after minus before). */
export interface EdgeCounts {
  catalogueHits: number;
  catalogueOriginCalls: number;
  throttledByRoute: Record<string, number>;
}

export interface DayRun {
  settings: DaySettings;
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
}

/** An answer the day expects: 200 (enrolled or waitlisted), or 409 already-exists (the same child twice). */
const expected = (record: CallRecord) => record.status === 200 || (record.status === 409 && record.code === 'already-exists');
const answerKind = (record: CallRecord) =>
  record.status === 0 ? `${record.call} no answer (${record.code})` : `${record.call} ${record.status}${record.code ? ` ${record.code}` : record.throttled ? ' (throttled)' : ''}`;

interface ClassFairness {
  name: string;
  capacity: number;
  enrolled: number;
  callers: number;
  /** Calls for one of the class's groups: a group takes a seat in each of its classes or waits in all. */
  groupCallers: number;
  /** Of the first `capacity` enroll calls for the class by click time, how many got a seat. */
  earliestSeated: number;
  waitlisted: number;
  positionsContiguous: boolean;
  /** Arrival order against waitlist position among the waitlisted (undefined with fewer than two). */
  rankCorrelation: number | undefined;
}

function classFairness({ cls, waitlistPositions }: ClassAfterDay, enrolls: EnrollRecord[]): ClassFairness {
  const calls = enrolls.filter((enroll) => enroll.classIds.includes(cls.id)).sort((a, b) => a.clickedAt - b.clickedAt);
  const statusIn = (enroll: EnrollRecord) => enroll.enrollments?.find((enrollment) => enrollment.classId === cls.id);
  const waitlisted = calls.flatMap((enroll, order) => {
    const position = statusIn(enroll)?.waitlistPosition;
    return statusIn(enroll)?.status === 'waitlisted' && position !== undefined ? [{ order, position }] : [];
  });
  const sorted = [...waitlistPositions].sort((a, b) => a - b);
  return {
    name: cls.name,
    capacity: cls.capacity,
    enrolled: cls.enrolled,
    callers: calls.length,
    groupCallers: calls.filter((enroll) => enroll.groupId).length,
    earliestSeated: calls.slice(0, cls.capacity).filter((enroll) => statusIn(enroll)?.status === 'enrolled').length,
    waitlisted: cls.waitlisted,
    positionsContiguous: sorted.length === cls.waitlisted && sorted.every((position, index) => position === index + 1),
    rankCorrelation: waitlisted.length >= 2 ? spearman(waitlisted.map((entry) => entry.order), waitlisted.map((entry) => entry.position)) : undefined,
  };
}

const share = (part: number, whole: number) => (whole === 0 || !Number.isFinite(part) ? '-' : `${((100 * part) / whole).toFixed(0)} %`);
const fixed = (value: number | undefined, digits = 2) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

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
  const seated = (status: string) => enrolls.filter((enroll) => enroll.enrollments?.some((enrollment) => enrollment.status === status)).length;
  const clickToAnswer = enrolls.map((enroll) => enroll.answeredAt - enroll.clickedAt);
  const throttledCalls = calls.filter((call) => call.throttled > 0);
  const catalogueGets = calls.filter((call) => call.call.startsWith('GET ')).length;
  const periods = Math.max(1, Math.ceil(run.dayMs / 1000 / run.cacheSeconds));

  const filled = run.classesAfter.filter(({ cls }) => cls.enrolled >= cls.capacity).map((after) => classFairness(after, enrolls));
  // A group waits in every class of the group when one of them is full: a waitlist beside free seats.
  const waitingBesideSeats = run.classesAfter.filter(({ cls }) => cls.waitlisted > 0 && cls.enrolled < cls.capacity);
  const waitingOutsideGroups = waitingBesideSeats.filter(({ cls }) =>
    enrolls.some((enroll) => !enroll.groupId && enroll.enrollments?.some((enrollment) => enrollment.classId === cls.id && enrollment.status === 'waitlisted')),
  );
  const earliestShares = filled.map((cls) => cls.earliestSeated / cls.capacity);
  const correlations = filled.flatMap((cls) => (cls.rankCorrelation === undefined ? [] : [cls.rankCorrelation]));
  const worst = [...filled].sort((a, b) => a.earliestSeated / a.capacity - b.earliestSeated / b.capacity || (a.rankCorrelation ?? 1) - (b.rankCorrelation ?? 1)).slice(0, 5);
  const callsByKind = new Map<string, number>();
  for (const call of calls) callsByKind.set(call.call, (callsByKind.get(call.call) ?? 0) + 1);
  const perFamily = (count: number) => (count / settings.families).toFixed(2);

  return [
    `Registration day: ${settings.families} families, ${run.children} children, ${enrolls.length} enroll calls, ${settings.classes} classes (${run.classesAfter.reduce((sum, { cls }) => sum + cls.capacity, 0)} seats)`,
    `settings: BENCH_DAY_FAMILIES=${settings.families} BENCH_DAY_CLASSES=${settings.classes} BENCH_DAY_SECONDS=${settings.seconds} BENCH_DAY_HOLD_MS=${settings.holdMs ?? 'off'} BENCH_DAY_SEED=${settings.seed}; API throttle on, catalogue cache on; arrivals: 60 % in the first ${(settings.seconds / 6).toFixed(1)} s, the rest over the next ${((settings.seconds * 5) / 6).toFixed(1)} s`,
    `families made before the day: ${(run.setupMs / 1000).toFixed(1)} s (${run.setupConcurrency} at a time)`,
    `the day: ${(run.dayMs / 1000).toFixed(1)} s from the first arrival to the last answer`,
    '',
    `families that saw an error: ${failedFamilies.length} of ${settings.families} (target 0)`,
    ...(failures.size === 0
      ? []
      : [table([['  final answer', 'calls', 'families'], ...[...failures].sort((a, b) => b[1].calls - a[1].calls).map(([kind, entry]) => [`  ${kind}`, String(entry.calls), String(entry.families.size)])])]),
    `enroll answers: ${seated('enrolled')} enrolled, ${seated('waitlisted')} waitlisted, ${enrolls.filter((enroll) => enroll.answer.status === 409).length} already enrolled, ${enrolls.filter((enroll) => !expected(enroll.answer)).length} errors`,
    `calls throttled by API Gateway (429 Too Many Requests): ${throttledCalls.length} of ${calls.length}; resends ${throttledCalls.reduce((sum, call) => sum + Math.min(call.throttled, 4), 0)}; still throttled after four resends ${calls.filter((call) => call.status === 429 && !call.code).length}` +
      (Object.keys(run.edge.throttledByRoute).length ? ` (gateway: ${Object.entries(run.edge.throttledByRoute).map(([route, count]) => `${route} ${count}`).join(', ')})` : ''),
    `enroll, click to answer (resends included): p50 ${ms(percentile(clickToAnswer, 50))}, p95 ${ms(percentile(clickToAnswer, 95))}, p99 ${ms(percentile(clickToAnswer, 99))}, max ${ms(Math.max(...clickToAnswer))}`,
    `catalogue GETs: ${catalogueGets} (${perFamily(catalogueGets)} per family): ${run.edge.catalogueHits} from the cache, ${run.edge.catalogueOriginCalls} origin calls = ${perFamily(run.edge.catalogueOriginCalls)} per family, ${(run.edge.catalogueOriginCalls / periods).toFixed(1)} per ${run.cacheSeconds}-s cache period (${periods} periods)`,
    `calls per family: ${perFamily(calls.length)} (${[...callsByKind].map(([kind, count]) => `${kind} ${perFamily(count)}`).join(', ')})`,
    '',
    `classes that filled: ${filled.length} of ${run.classesAfter.length}; seats given = capacity in ${filled.filter((cls) => cls.enrolled === cls.capacity).length}; waitlist positions 1..n in ${filled.filter((cls) => cls.positionsContiguous).length}`,
    `classes with free seats and a waitlist: ${waitingBesideSeats.length} (${waitingOutsideGroups.length} with a single-class entry waiting; the others' are group entries waiting for a full class of their group)`,
    `seats to the class's earliest callers (of its first capacity calls, share seated; target 100 %): min ${share(earliestShares.length ? Math.min(...earliestShares) : Number.NaN, 1)}, median ${share(percentile(earliestShares, 50), 1)}`,
    `arrival order vs waitlist position, Spearman (target >= 0.99): min ${fixed(correlations.length ? Math.min(...correlations) : undefined)}, median ${fixed(percentile(correlations, 50))} (${correlations.length} classes with two or more waitlisted)`,
    ...(worst.length
      ? [
          'worst five:',
          table([
            ['  class', 'capacity', 'enrolled', 'enroll calls', 'of them groups', 'seats to earliest callers', 'waitlisted', 'positions 1..n', 'Spearman'],
            ...worst.map((cls) => [
              `  ${cls.name}`,
              String(cls.capacity),
              String(cls.enrolled),
              String(cls.callers),
              String(cls.groupCallers),
              `${cls.earliestSeated} (${share(cls.earliestSeated, cls.capacity)})`,
              String(cls.waitlisted),
              cls.positionsContiguous ? 'yes' : 'NO',
              fixed(cls.rankCorrelation),
            ]),
          ]),
        ]
      : []),
  ].join('\n');
}
