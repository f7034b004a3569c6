// Registration day, in a process of its own (run.ts starts it; the test helpers keep one user pool client
// and one admin session per process): a second portal with a DynamoDB Local of its own, the conflicts
// proxy in front (BENCH_DAY_HOLD_MS, default 20; empty: off), API Gateway's throttling and CloudFront's
// catalogue cache. An administrator opens a semester of BENCH_DAY_CLASSES classes (60)
// and a few class groups; BENCH_DAY_FAMILIES families (1,000) of one to three children are made before the
// day; then they arrive over BENCH_DAY_SECONDS (60) on the curve of infra/capacity.ts and each makes its
// visit (test/bench/dayVisit.ts). With BENCH_DAY_FAIR_START_MINUTES (`npm run bench -- fair`: 5 minutes, 3,000
// families), registration opens with a fair start once the families are made, the families come over its window
// instead (fairStartArrivals), and after the day the fair start's record is downloaded and checked as `npm run
// lottery:verify` checks it. BENCH_DAY_COGNITO_QUOTAS=on: the local user pool enforces Cognito's default quotas.
// Prints progress on stderr and the run (DayRun) as JSON on stdout.
import { REGISTRATION_DAY } from '../../infra/capacity';
import type { CacheStats } from '../../infra/local/edge';
import type { RouteThrottleStats } from '../../infra/local/apiThrottle';
import { CATALOGUE_MAX_AGE_SECONDS } from '../../lambdas/contract/catalogueAge';
import { admitsGrade } from '../../lambdas/contract/grades';
import { commitmentCheck } from '../../lambdas/contract/lottery/drawExport';
import { type FairStartRecord, verifyFairStartRecord } from '../../lambdas/contract/lottery/fairStartRecord';
import type { Class, ClassGroup, FairStartView, RosterEntry, Semester } from '../../lambdas/contract/records';
import { newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data, signInAdmin, signUpFamily } from '../support/portal';
import { busyAnswers, outOfOrderDecisions, stackEnvironment, startStack } from '../support/stack-setup';
import type { ClassAfterDay, DayRun, DaySettings, EdgeCounts, FairStartCheck } from './dayReport';
import { visit, type EnrollPlan, type FamilyAccount } from './dayVisit';
import { addStudentWhenNotBusy, setupBusyRetries, setupBusyRetriesSince } from '../support/busyRetries';
import { instancesUsed } from '../support/lambdaSummary';

const holdSetting = process.env.BENCH_DAY_HOLD_MS ?? '20';
const settings: DaySettings = {
  families: Number(process.env.BENCH_DAY_FAMILIES ?? 1000),
  classes: Number(process.env.BENCH_DAY_CLASSES ?? 60),
  seconds: Number(process.env.BENCH_DAY_SECONDS ?? REGISTRATION_DAY.arrivalSeconds),
  holdMs: holdSetting === '' ? null : Number(holdSetting),
  seed: Number(process.env.BENCH_DAY_SEED ?? 1),
  fairStartMinutes: process.env.BENCH_DAY_FAIR_START_MINUTES
    ? Number(process.env.BENCH_DAY_FAIR_START_MINUTES)
    : undefined,
  cognitoQuotas: process.env.BENCH_DAY_COGNITO_QUOTAS === 'on',
};
/** With a fair start, the first families arrive this long before the opening, to have their requests ready. */
const FAIR_START_LEAD_MS = 30_000;
/**
 * How long after the families are made a fair start's registration opens: the functions keep what they read of a
 * semester and its settings for 30 s, so none still holds the semester as it was before when the first arrive.
 */
const FAIR_START_NOTICE_MS = 35_000 + FAIR_START_LEAD_MS;
/** With a fair start, the share of the families who come after its window, by arrival then, over the next 30 s. */
const AFTER_FAIR_START = { share: 0.1, ms: 30_000 };
/** Families made at once before the day: enough to keep both CPUs busy through the user pool's and the engine's waits. */
const SETUP_CONCURRENCY = 16;
/** A child's chance to be enrolled in a class group (when one suits their grade) rather than in classes. */
const GROUP_SHARE = 0.15;

const pct = (share: number) => `${Math.round(share * 100)} %`;
const progress = (line: string) => process.stderr.write(`  day: ${line}\n`);

/** A small seeded generator (mulberry32): the same seed makes the same families, classes and choices. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Runs make(0..count-1) with at most `limit` under way at once. */
async function bounded<T>(count: number, limit: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await make(index);
      }
    }),
  );
  return results;
}

/**
 * The semester: classes of 8–25 seats listed in order of popularity, every third one for a window of four
 * grades, and a class group for every fifteen classes, each of two classes open to every grade.
 */
async function openDay(random: () => number): Promise<{ semester: Semester; classes: Class[]; groups: ClassGroup[] }> {
  const semester = await openSemester({
    name: `Registration day ${new Date().toISOString().slice(0, 16)}`,
    // With a fair start, registration opens once the families are made (opensWithFairStart).
    ...(settings.fairStartMinutes !== undefined && {
      registrationOpens: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  const classes = await bounded(settings.classes, 4, (index) => {
    const lowest = 1 + Math.floor(random() * 5);
    return newClass(semester.id, {
      name: `Day class ${String(index + 1).padStart(2, '0')}`,
      capacity: 8 + Math.floor(random() * 18),
      ...(index % 3 === 2 && { minGrade: lowest, maxGrade: lowest + 3 }),
    });
  });
  const groupCount = Math.max(1, Math.round(settings.classes / 15));
  const groups = await bounded(groupCount, 4, (index) =>
    newGroup(semester.id, [classes[3 * (index + 1)]!.id, classes[3 * (index + 1) + 1]!.id]),
  );
  return { semester, classes, groups };
}

/** Opens registration FAIR_START_NOTICE_MS from now with a fair start of the minutes set; its moment (epoch ms). */
async function opensWithFairStart(semester: Semester, minutes: number): Promise<number> {
  const admin = (await signInAdmin()).accessToken;
  const opens = Date.now() + FAIR_START_NOTICE_MS;
  const { id, name, startDate, endDate, current, registrationCloses } = semester;
  const input = { id, name, startDate, endDate, current, registrationCloses };
  await data('saveSemester', { ...input, registrationOpens: new Date(opens).toISOString() }, admin);
  await data('saveAllocationSettings', { semesterId: id, fairStart: { minutes } }, admin);
  return opens;
}

/**
 * The fair start's record as an administrator downloads it after the last draw, checked as `npm run
 * lottery:verify` checks it: the seed against its commitment, every rank, each line's order.
 */
async function fairStartCheck(semesterId: string): Promise<FairStartCheck> {
  const admin = (await signInAdmin()).accessToken;
  const { fairStarts } = await data<{ fairStarts: FairStartView[] }>('fairStarts', {});
  const drawAt = Date.parse(fairStarts.find((view) => view.semesterId === semesterId)!.draws.at(-1)!.drawAt);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, drawAt - Date.now() + 1000)));
  let record: FairStartRecord | undefined;
  let cursor: string | undefined;
  do {
    const page = await data<{ record: FairStartRecord; nextCursor?: string }>(
      'fairStartExport',
      { semesterId, limit: 1000, ...(cursor && { cursor }) },
      admin,
    );
    record = record ? { ...record, lines: [...record.lines, ...page.record.lines] } : page.record;
    cursor = page.nextCursor;
  } while (cursor);
  // A line split over two pages comes back as two parts, in order: joined again.
  const lines = new Map<string, FairStartRecord['lines'][number]['decisions']>();
  for (const { line, decisions } of record.lines) lines.set(line, [...(lines.get(line) ?? []), ...decisions]);
  const joined = { ...record, lines: [...lines].map(([line, decisions]) => ({ line, decisions })) };
  const verification = verifyFairStartRecord(joined);
  const decisions = joined.lines.flatMap((line) => line.decisions);
  return {
    minutes: joined.minutes,
    drawAt: new Date(drawAt).toISOString(),
    decisions: decisions.length,
    inDraw: decisions.filter((decision) => decision.draw).length,
    refused: decisions.filter((decision) => decision.outcome === 'refused').length,
    lines: joined.lines.length,
    committed: commitmentCheck({ input: { seed: joined.seed }, commitments: joined.commitments }).matches,
    differences: verification.matches ? [] : verification.differences,
  };
}

/** One of the classes, the more popular (earlier) ones more often: weight 1 / rank, as Zipf's law has it. */
function popularChoice(candidates: Class[], ranks: Map<string, number>, random: () => number): Class {
  const weights = candidates.map((cls) => 1 / (ranks.get(cls.id)! + 1));
  let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < candidates.length; index += 1) {
    pick -= weights[index]!;
    if (pick <= 0) return candidates[index]!;
  }
  return candidates.at(-1)!;
}

/** What each child is enrolled in: a suitable group now and then, otherwise one or two popular classes of their grade. */
function enrollPlans(
  studentId: string,
  grade: number,
  classes: Class[],
  groups: ClassGroup[],
  random: () => number,
): EnrollPlan[] {
  const ranks = new Map(classes.map((cls, rank) => [cls.id, rank]));
  const byId = new Map(classes.map((cls) => [cls.id, cls]));
  const suitableGroups = groups.filter((group) => group.classIds.every((id) => admitsGrade(byId.get(id)!, grade)));
  if (suitableGroups.length > 0 && random() < GROUP_SHARE) {
    const group = suitableGroups[Math.floor(random() * suitableGroups.length)]!;
    return [
      { studentId, semesterId: byId.get(group.classIds[0]!)!.semesterId, groupId: group.id, classIds: group.classIds },
    ];
  }
  let candidates = classes.filter((cls) => admitsGrade(cls, grade));
  const plans: EnrollPlan[] = [];
  for (let count = random() < 0.5 ? 1 : 2; count > 0 && candidates.length > 0; count -= 1) {
    const chosen = popularChoice(candidates, ranks, random);
    plans.push({ studentId, semesterId: chosen.semesterId, classId: chosen.id, classIds: [chosen.id] });
    candidates = candidates.filter((cls) => cls !== chosen);
  }
  return plans;
}

interface Family {
  account: FamilyAccount;
  children: number;
  plans: EnrollPlan[];
}

/** A confirmed account with one to three children of grades 1–8 (different first names: one child is added once). */
async function newFamily(index: number, classes: Class[], groups: ClassGroup[], random: () => number): Promise<Family> {
  const grades = Array.from({ length: 1 + Math.floor(random() * 3) }, () => 1 + Math.floor(random() * 8));
  const session = await signUpFamily(`day${index}`);
  const plans: EnrollPlan[] = [];
  for (const [child, grade] of grades.entries()) {
    const student = await addStudentWhenNotBusy(session, { firstName: `Child${child + 1}`, grade });
    plans.push(...enrollPlans(student.id, grade, classes, groups, random));
  }
  return { account: { email: session.email, password: session.password }, children: grades.length, plans };
}

/** When each family arrives, ms after the opening: REGISTRATION_DAY's share in its first seconds, the rest evenly after. */
function rushArrivals(families: number): number[] {
  const scale = settings.seconds / REGISTRATION_DAY.arrivalSeconds;
  const rushEnd = REGISTRATION_DAY.rush.seconds * scale * 1000;
  const end = settings.seconds * 1000;
  const early = Math.round(families * REGISTRATION_DAY.rush.share);
  return Array.from({ length: families }, (_, index) =>
    index < early
      ? (index / early) * rushEnd
      : rushEnd + ((index - early) / Math.max(1, families - early)) * (end - rushEnd),
  );
}

/**
 * When each family arrives with a fair start, ms after the opening: being early or fast gains nothing, so families
 * come evenly from FAIR_START_LEAD_MS before the opening to the end of its window, and AFTER_FAIR_START's share
 * after it.
 */
function fairStartArrivals(families: number, minutes: number): number[] {
  const windowEnd = minutes * 60_000;
  const inWindow = Math.round(families * (1 - AFTER_FAIR_START.share));
  return Array.from({ length: families }, (_, index) =>
    index < inWindow
      ? -FAIR_START_LEAD_MS + (index / inWindow) * (windowEnd + FAIR_START_LEAD_MS)
      : windowEnd + ((index - inWindow + 1) / Math.max(1, families - inWindow)) * AFTER_FAIR_START.ms,
  );
}

async function edgeStats(): Promise<{
  apiThrottle: Record<string, RouteThrottleStats> | null;
  catalogueCache: CacheStats | null;
}> {
  return (await fetch(`${process.env.PORTAL_TEST_URL}/_local/edge-stats`)).json() as never;
}

async function classesAfterDay(classes: Class[]): Promise<ClassAfterDay[]> {
  const listed = await data<{ classes: Record<string, Class[]> }>('classes', {
    query: classes.map((cls) => ({ id: cls.id })),
  });
  const now = new Map(
    Object.values(listed.classes)
      .flat()
      .map((cls) => [cls.id, cls]),
  );
  // A new session: the fixtures' one, from before the families were made, has expired by now (15 minutes).
  const admin = (await signInAdmin()).accessToken;
  return bounded(classes.length, 4, async (index) => {
    const cls = now.get(classes[index]!.id)!;
    const roster = await rosterOf(cls.id, admin);
    return {
      cls: { id: cls.id, name: cls.name, capacity: cls.capacity, enrolled: cls.enrolled, waitlisted: cls.waitlisted },
      waitlistPositions: (roster?.waitlist ?? []).flatMap((entry) =>
        entry.waitlistPosition === undefined ? [] : [entry.waitlistPosition],
      ),
      ...(roster === undefined && { rosterRefused: true as const }),
    };
  });
}

/** A class's roster as Class Forms reads it; undefined when the portal still answers it very busy after 3 tries. */
async function rosterOf(classId: string, admin: string): Promise<{ waitlist: RosterEntry[] } | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answer = await call<{ waitlist: RosterEntry[] }>('classRoster', { classId }, admin);
    if (answer.status === 200) return answer.body.data!;
    if (answer.status !== 429) throw new Error(`classRoster answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return undefined;
}

const stack = await startStack({
  PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: holdSetting,
  PORTAL_API_THROTTLE: '1',
  PORTAL_CATALOGUE_CACHE: '1',
  PORTAL_COGNITO_QUOTAS: settings.cognitoQuotas ? 'on' : 'off',
});
try {
  Object.assign(process.env, stackEnvironment(stack));
  const random = seededRandom(settings.seed);
  const { semester, classes, groups } = await openDay(random);
  progress(
    `${classes.length} classes and ${groups.length} groups open; making ${settings.families} families, ${SETUP_CONCURRENCY} at a time`,
  );

  // Each family draws from a generator of its own, so the families are the same whatever order they are made in.
  const setupStarted = performance.now();
  const retriesBefore = setupBusyRetries();
  const families = await bounded(settings.families, SETUP_CONCURRENCY, async (index) => {
    const family = await newFamily(index, classes, groups, seededRandom(settings.seed * 1_000_003 + index));
    if ((index + 1) % 100 === 0)
      progress(`${index + 1} families made, ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`);
    return family;
  });
  const setupMs = performance.now() - setupStarted;
  progress(
    `families made in ${(setupMs / 1000).toFixed(1)} s (${setupBusyRetriesSince(retriesBefore)}); registration opens`,
  );

  // The opening on this process's clock: with a fair start, FAIR_START_NOTICE_MS from now, the first families before it.
  let opening = performance.now();
  if (settings.fairStartMinutes !== undefined) {
    const opens = await opensWithFairStart(semester, settings.fairStartMinutes);
    opening = performance.now() + (opens - Date.now());
    progress(
      `registration opens in ${((opening - performance.now()) / 1000).toFixed(0)} s with a fair start of ${settings.fairStartMinutes} min; families arrive from ${FAIR_START_LEAD_MS / 1000} s before it`,
    );
  }
  const schedule =
    settings.fairStartMinutes === undefined
      ? rushArrivals(families.length)
      : fairStartArrivals(families.length, settings.fairStartMinutes);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  await pause(opening + schedule[0]! - performance.now());
  const before = await edgeStats();
  const firstArrival = performance.now();
  let visited = 0;
  const visits = await Promise.all(
    families.map(async (family, index) => {
      await pause(opening + schedule[index]! - performance.now());
      const record = await visit(stack.info.url, stack.info.userPoolClientId, index, family.account, family.plans);
      // Enrolls wait in line for seconds on a busy day: say how far the day is.
      if (++visited % 100 === 0)
        progress(`${visited} visits over, ${((performance.now() - firstArrival) / 1000).toFixed(0)} s`);
      return record;
    }),
  );
  const dayMs = performance.now() - firstArrival;
  const after = await edgeStats();
  progress(`the day took ${(dayMs / 1000).toFixed(1)} s; reading the classes`);
  // With PORTAL_LAMBDA_INSTANCES=on, the instances the day used (the families' setup among them).
  const instances = await instancesUsed(stack.info.url);
  if (instances) progress(`function instances: ${instances}`);

  const throttledByRoute = Object.fromEntries(
    Object.entries(after.apiThrottle ?? {})
      .map(([route, counts]): [string, number] => [
        route,
        counts.throttled - (before.apiThrottle?.[route]?.throttled ?? 0),
      ])
      .filter(([, throttled]) => throttled > 0),
  );
  const edge: EdgeCounts = {
    catalogueHits: (after.catalogueCache?.hits ?? 0) - (before.catalogueCache?.hits ?? 0),
    catalogueOriginCalls: (after.catalogueCache?.originCalls ?? 0) - (before.catalogueCache?.originCalls ?? 0),
    throttledByRoute,
  };
  const run: DayRun = {
    settings,
    firstArrival,
    ...(settings.fairStartMinutes !== undefined && { drawAt: opening + settings.fairStartMinutes * 60_000 }),
    arrivals:
      settings.fairStartMinutes === undefined
        ? `${pct(REGISTRATION_DAY.rush.share)} in the first ${((REGISTRATION_DAY.rush.seconds * settings.seconds) / REGISTRATION_DAY.arrivalSeconds).toFixed(1)} s, the rest evenly until ${settings.seconds} s`
        : `${pct(1 - AFTER_FAIR_START.share)} evenly from ${FAIR_START_LEAD_MS / 1000} s before the opening to the end of the fair start's window, ${pct(AFTER_FAIR_START.share)} over the ${AFTER_FAIR_START.ms / 1000} s after it`,
    children: families.reduce((sum, family) => sum + family.children, 0),
    setupMs,
    setupConcurrency: SETUP_CONCURRENCY,
    dayMs,
    visits,
    classesAfter: await classesAfterDay(classes),
    edge,
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    busyAnswers: busyAnswers(stack.output()),
    outOfOrder: outOfOrderDecisions(stack.output()),
    groups: groups.map(({ id, classIds }) => ({ id, classIds })),
    ...(settings.fairStartMinutes !== undefined && { fairStart: await fairStartCheck(semester.id) }),
  };
  console.log(JSON.stringify(run));
} finally {
  await stack.stop();
}
