// Registration rush: N concurrent enrolls from F families for an S-seat class through the local gateway,
// each as the web app makes it (asking again while the request is in line), and the same number of bare
// capacity transactions (conditional counter update plus enrollment put) straight against the same DynamoDB
// Local; then, to show where the engine's limits are, the portal's waitlist join alone and the least any enroll of this kind must ask of the engine.
// Under DynamoDB's transaction conflicts (conflictRush): the same rush with fresh families per run, as it
// lands for the callers, with conflicts off and through the conflicts proxy at several hold times.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { CONFLICTS_CONTROL_PATH, type TransactionConflictStats } from '../../infra/local/transactionConflicts';
import type { Class, EnrollmentAnswer, LineProgress } from '../../lambdas/contract/records';
import { BUSY_MESSAGE } from '../../lambdas/contract/errors';
import { classNow, newClass, openSemester } from '../support/fixtures';
import { call, outbox, portalUrl, type CallResult } from '../support/portal';
import {
  apiArrival,
  enrollInTurn,
  inLineCounts,
  type EnrollClient,
  type InLineCounts,
  type InTurn,
} from './enrollInTurn';
import { familyWithChildren, setupBusyRetries, setupBusyRetriesSince } from '../support/busyRetries';
import { concurrently, earliestSeated, ms, percentile, table } from './stats';

/** The rush's shape: BENCH_CALLS calls from BENCH_FAMILIES families (three children each by default: a family may hold three places in a class) for BENCH_SEATS seats. */
export const rushSettings = (() => {
  const calls = Number(process.env.BENCH_CALLS ?? 200);
  return {
    calls,
    families: Number(process.env.BENCH_FAMILIES ?? Math.ceil(calls / 3)),
    seats: Number(process.env.BENCH_SEATS ?? 25),
  };
})();

export interface RushFigures {
  calls: number;
  portal: {
    throughput: number;
    p50: number;
    p99: number;
    enrolled: number;
    waitlisted: number;
    errors: number;
    positionsExact: boolean;
  } & InLineCounts;
  /** Where a decision's time goes, each stage's p50 and p99 (ms), from the decisions' timelines. */
  stages: Array<{ stage: string; p50: number; p99: number }>;
  bare: BareFigures;
  waitlistJoins: BareFigures;
  minimalEnrolls: BareFigures;
}

interface BareFigures {
  throughput: number;
  p50: number;
  p99: number;
  committed: number;
}

/** `calls` children of `families` new families, in the order they will call. */
async function newEnrollees(calls: number, families: number, name: string) {
  const perFamily = Math.ceil(calls / families);
  const households = await Promise.all(
    Array.from({ length: families }, (_, index) => familyWithChildren(perFamily, `${name}${index}`)),
  );
  return households.flatMap(({ family, students }) => students.map((student) => ({ family, student }))).slice(0, calls);
}

type Enrollee = Awaited<ReturnType<typeof newEnrollees>>[number];

type EnrollResult = CallResult<EnrollmentAnswer>;
const dataOf = (answer: EnrollResult) => (answer.status === 200 ? answer.body.data : undefined);

/** test/support/portal.ts's client, as enrollInTurn calls it, for one family. */
const portalClient = (token: string): EnrollClient<EnrollResult> => ({
  call: (name, payload) => call<EnrollmentAnswer>(name, payload, token),
  lineProgress: async (semesterId) => {
    const answer = await fetch(
      `${portalUrl()}/api/get/lineProgress?payload=${encodeURIComponent(JSON.stringify({ semesterId }))}`,
    );
    return answer.ok
      ? ((await answer.json()) as { data: { lines: Record<string, LineProgress> } }).data.lines
      : undefined;
  },
  data: dataOf,
  busy: (answer) => answer.status === 429 && answer.body.error?.message === BUSY_MESSAGE,
});

/** An enrollee's enroll in a class as the web app makes it: the latencies measured around it run from the click to the decision. */
const enrollAsTheWebApp = ({ family, student }: Enrollee, cls: Pick<Class, 'id' | 'semesterId'>) =>
  enrollInTurn(portalClient(family.accessToken), { studentId: student.id, classId: cls.id }, cls.semesterId);

/** The last answer, when it is a decision (a 200 no longer in line). */
const finalAnswer = (inTurn: InTurn<EnrollResult>) => inTurn.answers.at(-1)!;
const decision = (inTurn: InTurn<EnrollResult>) => (inTurn.stillInLine ? undefined : dataOf(finalAnswer(inTurn)));

export async function registrationRush(calls: number, families: number, seats: number): Promise<RushFigures> {
  const semester = await openSemester({ name: `Bench rush ${Date.now()}` });
  const enrollees = await newEnrollees(calls, families, 'bench');

  // Warm both paths up with a whole rush on a class of their own: connections, JIT, caches.
  const warmClass = await newClass(semester.id, { capacity: seats });
  await Promise.all(enrollees.map((enrollee) => enrollAsTheWebApp(enrollee, warmClass)));

  // Let the mailer send the warm-up's e-mails first: the measured rush should not share the engine with them.
  await drainMail(new Set(enrollees.map(({ family }) => family.email)), calls);

  const cls = await newClass(semester.id, { capacity: seats });
  const clickedAt: number[] = [];
  const portal = await concurrently(calls, (index) => {
    clickedAt[index] = Date.now();
    return enrollAsTheWebApp(enrollees[index]!, cls);
  });
  const outcomes = portal.results.map((result) => decision(result)?.enrollments[0]);
  const waitlisted = outcomes.filter((e) => e?.status === 'waitlisted');
  const positions = waitlisted.map((e) => e!.waitlistPosition!).sort((a, b) => a - b);
  const counted = await classNow(cls.id);

  // The same client settings as the portal's own (lambdas/platform/dynamo.ts), sockets included.
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, requestHandler: { httpAgent: { maxSockets: 500 } } }),
  );
  const stages = await decisionStages(
    documents,
    portal.results.map((result, index) => ({
      requestId: result.requestId,
      clickedAt: clickedAt[index]!,
      answeredAt: clickedAt[index]! + portal.latencies[index]!,
    })),
  );
  const commits = (transaction: BareTransaction) => (key: ClassKey) => commit(documents, transaction(key));
  const bare = await bareRush(documents, calls, seats, commits(capacityTransaction));
  const waitlistJoins = await bareRush(documents, calls, 0, commits(waitlistJoinTransaction));
  const minimalEnrolls = await bareRush(documents, calls, seats, (key, index) =>
    minimalEnroll(documents, key, `user${index % families}`),
  );

  return {
    calls,
    portal: {
      throughput: calls / (portal.wallMs / 1000),
      p50: percentile(portal.latencies, 50),
      p99: percentile(portal.latencies, 99),
      enrolled: counted.enrolled,
      waitlisted: counted.waitlisted,
      errors: portal.results.filter((result) => !decision(result)).length,
      positionsExact: positions.every((position, index) => position === index + 1),
      ...inLineCounts(portal.results),
    },
    stages,
    bare: bareFigures(bare),
    waitlistJoins: bareFigures(waitlistJoins),
    minimalEnrolls: bareFigures(minimalEnrolls),
  };
}

/** A decision's timeline, as the allocator stores it with the decision (decisionWrites). */
interface Timeline {
  arrivedAt: number;
  queuedAt?: number;
  decidedAt: number;
}

/**
 * Where the time from a click to its decision went, stage by stage, for the calls that were decided: to the API,
 * from the API to the queue (the call's checks, then its request written), in line (the settle window, the
 * lease, the batches before it), and from the decision to the family's answer (the enroll's polling, or asking
 * again).
 */
async function decisionStages(
  documents: DynamoDBDocumentClient,
  calls: Array<{ requestId?: string; clickedAt: number; answeredAt: number }>,
): Promise<RushFigures['stages']> {
  const timed = await Promise.all(
    calls.map(async (timedCall) => {
      if (!timedCall.requestId) return undefined;
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName(), Key: { PK: `REQUEST#${timedCall.requestId}`, SK: 'DECISION' } }),
      );
      const timeline = Item?.timeline as Timeline | undefined;
      return timeline?.queuedAt === undefined ? undefined : { ...timedCall, ...timeline, queuedAt: timeline.queuedAt };
    }),
  );
  const decided = timed.filter((entry) => entry !== undefined);
  const stage = (name: string, of: (entry: (typeof decided)[number]) => number) => {
    const durations = decided.map(of);
    return { stage: name, p50: percentile(durations, 50), p99: percentile(durations, 99) };
  };
  return [
    stage('click to the API', (entry) => entry.arrivedAt - entry.clickedAt),
    stage("API to the queue (the call's checks, its request written)", (entry) => entry.queuedAt - entry.arrivedAt),
    stage('in line (settle window, lease, the batches before it)', (entry) => entry.decidedAt - entry.queuedAt),
    stage('decision to the answer (waiting, asking again)', (entry) => entry.answeredAt - entry.decidedAt),
    stage('click to the answer', (entry) => entry.answeredAt - entry.clickedAt),
  ];
}

type ClassKey = { PK: string; SK: string };
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
type BareTransaction = (classKey: ClassKey) => TransactItems;
const tableName = () => process.env.TABLE_NAME!;

/** The bare engine: the class's counter under the seat condition, and an enrollment. */
const capacityTransaction: BareTransaction = (classKey) => [
  {
    Update: {
      TableName: tableName(),
      Key: classKey,
      UpdateExpression: 'SET enrolled = enrolled + :one',
      ConditionExpression: 'enrolled < #capacity',
      ExpressionAttributeNames: { '#capacity': 'capacity' },
      ExpressionAttributeValues: { ':one': 1 },
    },
  },
  {
    Put: {
      TableName: tableName(),
      Item: { PK: classKey.PK, SK: `ENROLLMENT#${randomUUID()}` },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
];

/**
 * What a waitlisted enroll must commit, bare: the class's counts and its waitlist order under the
 * still-full condition, the enrollment, the family's pointer, the audit record, the student's count and
 * the mail request. Unlike the capacity transaction, every one of these commits: the engine's ceiling
 * for the portal's rush, where 175 of 200 calls join the waitlist.
 */
const waitlistJoinTransaction: BareTransaction = (classKey) => {
  const studentId = randomUUID();
  const record = (kind: string) => ({
    Put: {
      TableName: tableName(),
      Item: {
        PK: `BENCH#${kind}#${randomUUID()}`,
        SK: kind,
        classKey: classKey.PK,
        studentId,
        at: new Date().toISOString(),
      },
    },
  });
  return [
    {
      Update: {
        TableName: tableName(),
        Key: classKey,
        UpdateExpression:
          'SET waitlisted = waitlisted + :one, waitlistSeq = waitlistSeq + :one, waitlistOrder.#joining = waitlistSeq',
        ConditionExpression: 'enrolled >= #capacity',
        ExpressionAttributeNames: { '#capacity': 'capacity', '#joining': studentId },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { PK: classKey.PK, SK: `ENROLLMENT#${studentId}`, status: 'waitlisted' },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    record('FAMILY'),
    record('AUDIT'),
    {
      Update: {
        TableName: tableName(),
        Key: { PK: `BENCH#STUDENT#${studentId}`, SK: 'STUDENT' },
        UpdateExpression: 'ADD activeEnrollments :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    record('MAIL'),
  ];
};

/**
 * The least any enroll must ask of the engine when it limits calls per user and writes every waitlist
 * join, with no reads, no audit, no e-mail and no HTTP: the caller's call counter, a seat under the seat
 * condition, and, when the class is full, a waitlist join of two items (the class's count and order, and
 * the enrollment). Calls that arrive together all see a free seat, so a waitlisted call tries a seat first.
 */
async function minimalEnroll(documents: DynamoDBDocumentClient, classKey: ClassKey, user: string): Promise<boolean> {
  await documents.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `BENCH#RATE#${user}`, SK: 'enroll' },
      UpdateExpression: 'ADD calls :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return (
    (await commit(documents, capacityTransaction(classKey))) ||
    commit(documents, waitlistJoinTransaction(classKey).slice(0, 2))
  );
}

/** Whether a transaction committed; false when a condition refused it. */
function commit(documents: DynamoDBDocumentClient, items: TransactItems): Promise<boolean> {
  return documents.send(new TransactWriteCommand({ TransactItems: items })).then(
    () => true,
    (error: Error) => {
      if (error.name !== 'TransactionCanceledException') throw error;
      return false; // the class is full (or no longer full): the condition did its job
    },
  );
}

/** `calls` concurrent bare calls on a fresh class of `seats` seats, after a warm-up rush of their own. */
async function bareRush(
  documents: DynamoDBDocumentClient,
  calls: number,
  seats: number,
  call: (classKey: ClassKey, index: number) => Promise<boolean>,
) {
  const freshClass = async () => {
    const key = { PK: `BENCH#${randomUUID()}`, SK: 'CLASS' };
    await documents.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, capacity: seats, enrolled: 0, waitlisted: 0, waitlistSeq: 1, waitlistOrder: {} },
      }),
    );
    return key;
  };
  const rush = (key: ClassKey) => concurrently(calls, (index) => call(key, index));
  await rush(await freshClass());
  return rush(await freshClass());
}

function bareFigures({
  results,
  latencies,
  wallMs,
}: {
  results: boolean[];
  latencies: number[];
  wallMs: number;
}): BareFigures {
  return {
    throughput: results.length / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    committed: results.filter(Boolean).length,
  };
}

async function drainMail(families: Set<string>, expected: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await outbox()).filter((message) => families.has(message.to)).length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Where a rush is, on stderr: the runs take minutes and print their figures only at the end. */
const progress = (line: string) => process.stderr.write(`  conflicts: ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One run of the single-class rush as it lands for the callers. */
export interface ConflictRushRow {
  /** The proxy's hold time, or null: conflicts off (no proxy, today's DynamoDB Local). */
  holdMs: number | null;
  throughput: number;
  answered200: number;
  /** 429 "very busy": the enroll could not record its request, or the allocator gave up on its transaction; nothing was saved. */
  busy429: number;
  /** Any other answer (the per-user limit's 429 among them, a request still in line when the bench gave up): none expected. */
  otherAnswers: number;
  /** Enroll calls first told a place in line, and the enrollmentRequest calls made until the decisions. */
  inLine: InLineCounts;
  /** Seats the class counts after the rush. */
  enrolled: number;
  /** 200 answers that gave a seat: fewer than `enrolled` when a request whose caller was answered 429 was seated later (it stayed in line). */
  toldEnrolled: number;
  /** Of the first `seats` calls by the bench's send time, how many got a seat. */
  earliestSeatedByClick: number;
  /** Of the first `seats` requests by their arrival at the API (from the request id), how many got a seat. */
  earliestSeatedByArrival: number;
  /** The proxy's counts during the run (undefined with conflicts off). */
  conflicts?: Pick<
    TransactionConflictStats,
    'transactionsCancelled' | 'singleWriteConflicts' | 'readTransactionsCancelled'
  >;
}

/** The conflicts proxy in front of the running portal's engine, through its control path: its hold and counts. */
const conflictsProxy = {
  async stats(): Promise<TransactionConflictStats> {
    return (
      (await (await fetch(`${process.env.DYNAMODB_ENDPOINT}${CONFLICTS_CONTROL_PATH}`)).json()) as {
        stats: TransactionConflictStats;
      }
    ).stats;
  },
  async setHoldMs(holdMs: number): Promise<void> {
    const answer = await fetch(`${process.env.DYNAMODB_ENDPOINT}${CONFLICTS_CONTROL_PATH}`, {
      method: 'PUT',
      body: JSON.stringify({ holdMs }),
    });
    if (answer.status !== 200) throw new Error(`the conflicts proxy refused hold ${holdMs}: ${await answer.text()}`);
  },
};

/**
 * The classes of the rushes under conflicts, one for each, in a new open semester. Made before the rushes
 * start: the test fixtures keep one administrator session per process, whose access token (15 minutes)
 * does not outlive rushes that wait in line for minutes.
 */
export async function rushClasses(count: number, seats: number): Promise<Class[]> {
  const semester = await openSemester({ name: `Bench conflicts ${Date.now()}` });
  const classes: Class[] = [];
  for (let index = 0; index < count; index += 1) classes.push(await newClass(semester.id, { capacity: seats }));
  return classes;
}

/**
 * The 200-call rush on one class (of rushClasses) against the portal of the environment, with new families
 * (the per-user limit would refuse a family's second rush within the minute), then its e-mails drained so
 * the next run has the engine to itself. With `holdMs` the portal's conflicts proxy is set to it first and counted.
 */
export async function conflictRush(
  cls: Class,
  calls: number,
  families: number,
  holdMs: number | null,
): Promise<ConflictRushRow> {
  const seats = cls.capacity;
  if (holdMs !== null) await conflictsProxy.setHoldMs(holdMs);
  const label = holdMs === null ? 'conflicts off' : `hold ${holdMs} ms`;
  const setupStarted = performance.now();
  const retriesBefore = setupBusyRetries();
  const enrollees = await newEnrollees(calls, families, `hold${holdMs ?? 'off'}-`);
  progress(
    `${label}: ${families} families made in ${seconds(performance.now() - setupStarted)} (${setupBusyRetriesSince(retriesBefore)})`,
  );
  const before = holdMs === null ? undefined : await conflictsProxy.stats();
  const sentAt: number[] = new Array(calls);
  const rush = await concurrently(calls, (index) => {
    sentAt[index] = performance.now();
    return enrollAsTheWebApp(enrollees[index]!, cls);
  });
  const after = holdMs === null ? undefined : await conflictsProxy.stats();
  progress(
    `${label}: the rush took ${seconds(rush.wallMs)}, its slowest enroll ${seconds(Math.max(...rush.latencies))}`,
  );
  const answered200 = rush.results.filter((result) => decision(result)).length;
  const busy429 = rush.results
    .map(finalAnswer)
    .filter((answer) => answer.status === 429 && answer.body.error?.message === BUSY_MESSAGE).length;
  const sent = [...rush.results.keys()];
  const seated = (index: number) => decision(rush.results[index]!)?.enrollments[0]?.status === 'enrolled';
  await drainMail(new Set(enrollees.map(({ family }) => family.email)), answered200);
  return {
    holdMs,
    throughput: calls / (rush.wallMs / 1000),
    answered200,
    busy429,
    otherAnswers: calls - answered200 - busy429,
    inLine: inLineCounts(rush.results),
    enrolled: (await classNow(cls.id)).enrolled,
    toldEnrolled: sent.filter(seated).length,
    earliestSeatedByClick: earliestSeated(sent, (index) => sentAt[index], seated, seats),
    earliestSeatedByArrival: earliestSeated(sent, (index) => apiArrival(rush.results[index]!.requestId), seated, seats),
    ...(before &&
      after && {
        conflicts: {
          transactionsCancelled: after.transactionsCancelled - before.transactionsCancelled,
          singleWriteConflicts: after.singleWriteConflicts - before.singleWriteConflicts,
          readTransactionsCancelled: after.readTransactionsCancelled - before.readTransactionsCancelled,
        },
      }),
  };
}

export function conflictReport(rows: ConflictRushRow[], calls: number, seats: number): string {
  return [
    `Registration rush under DynamoDB's transaction conflicts: ${calls} concurrent enrolls for a ${seats}-seat class, new families each run; while in line each follows its line's progress and asks again when its turn is near, as the web app does, and its answer is the decision`,
    table([
      [
        '',
        'calls/s',
        'answered 200',
        'answered 429 (very busy)',
        'other',
        'first told a place in line',
        'asks again',
        'progress reads',
        'conflicts: transactions cancelled',
        'single writes refused',
        'enrolled',
        'of them answered 200 enrolled',
        `seats to the ${seats} earliest callers: by click`,
        'by API arrival',
      ],
      ...rows.map((row) => [
        row.holdMs === null ? 'conflicts off' : `conflicts, hold ${row.holdMs} ms`,
        row.throughput.toFixed(0),
        String(row.answered200),
        String(row.busy429),
        String(row.otherAnswers),
        String(row.inLine.firstPending),
        String(row.inLine.askedAgain),
        String(row.inLine.progressReads),
        row.conflicts ? String(row.conflicts.transactionsCancelled + row.conflicts.readTransactionsCancelled) : '-',
        row.conflicts ? String(row.conflicts.singleWriteConflicts) : '-',
        String(row.enrolled),
        String(row.toldEnrolled),
        String(row.earliestSeatedByClick),
        String(row.earliestSeatedByArrival),
      ]),
    ]),
  ].join('\n');
}

export function rushReport(
  { calls, portal, stages, bare, waitlistJoins, minimalEnrolls }: RushFigures,
  seats: number,
): string {
  return [
    `Registration rush: ${calls} concurrent enroll calls for a ${seats}-seat class`,
    table([
      ['', 'calls/s', 'p50', 'p99', 'outcome'],
      [
        'portal (gateway + handler, asking again while in line)',
        portal.throughput.toFixed(0),
        ms(portal.p50),
        ms(portal.p99),
        `${portal.enrolled} enrolled, ${portal.waitlisted} waitlisted, ${portal.errors} errors; ${portal.firstPending} first told a place in line, ${portal.askedAgain} asks again, ${portal.progressReads} reads of the line's progress`,
      ],
      [
        'bare capacity transaction (2 items)',
        bare.throughput.toFixed(0),
        ms(bare.p50),
        ms(bare.p99),
        `${bare.committed} seated`,
      ],
      [
        'bare waitlist join (6 items)',
        waitlistJoins.throughput.toFixed(0),
        ms(waitlistJoins.p50),
        ms(waitlistJoins.p99),
        `${waitlistJoins.committed} committed`,
      ],
      [
        'bare minimal enroll (count, seat, 2-item join)',
        minimalEnrolls.throughput.toFixed(0),
        ms(minimalEnrolls.p50),
        ms(minimalEnrolls.p99),
        `${minimalEnrolls.committed} committed`,
      ],
    ]),
    `ratio portal/bare capacity transaction: ${(portal.throughput / bare.throughput).toFixed(2)} (target >= 0.50)`,
    `ratio portal/bare waitlist join: ${(portal.throughput / waitlistJoins.throughput).toFixed(2)}`,
    `ratio bare minimal enroll/bare capacity transaction: ${(minimalEnrolls.throughput / bare.throughput).toFixed(2)} (the most any enroll of this kind can reach here)`,
    `waitlist positions 1..${portal.waitlisted} exact: ${portal.positionsExact ? 'yes' : 'NO'}`,
    "Where a decision's time goes (the calls decided, from the decisions' timelines):",
    table([['', 'p50', 'p99'], ...stages.map(({ stage, p50, p99 }) => [stage, ms(p50), ms(p99)])]),
  ].join('\n');
}
