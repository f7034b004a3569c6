// Registration day as DynamoDB behaves in AWS: a second portal calls DynamoDB through the conflicts proxy
// (PORTAL_DYNAMODB_CONFLICTS_HOLD_MS=20), so transactions that touch one item at once are cancelled
// instead of waiting in DynamoDB Local's queue. The rush, the group, the retried call and the promotions
// hold there as they do without conflicts. The second portal starts a DynamoDB Local of its own: late in
// the suite, the test stack's engine has the whole suite's writes on disk, and under this rush it answered
// InternalServerError and dropped connections, which DynamoDB in AWS does not do for a few hundred calls.
import { DynamoDBClient, TransactionCanceledException, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { CONFLICTS_CONTROL_PATH, type TransactionConflictStats } from '../../infra/local/transactionConflicts';
import type { RosterEntry } from '../../lambdas/contract/records';
import { expectArrivalOrder, expectSeatsAsArrived } from '../support/arrivalOrder';
import { familyWithChildren } from '../support/busyRetries';
import { adminSession, classNow, newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, outcomeOf } from '../support/portal';
import {
  busyAnswers,
  outOfOrderDecisions,
  stackEnvironment,
  startStack,
  type RunningStack,
} from '../support/stack-setup';

const HOLD_MS = 20;
let second: RunningStack;

beforeAll(async () => {
  second = await startStack({ PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: String(HOLD_MS) });
  // The test helpers (admin, families, classes) talk to the second portal from here on.
  Object.assign(process.env, stackEnvironment(second));
}, 120_000);

afterAll(async () => {
  const busy = Object.entries(busyAnswers(second?.output() ?? ''));
  if (busy.length)
    console.log(`the conflicts portal answered busy: ${busy.map(([what, count]) => `${what} ×${count}`).join(', ')}`);
  // Requests placed late: how late they came and how long they took to reach their queue say why.
  const late = outOfOrderDecisions(second?.output() ?? '');
  if (late.length) console.log(`the allocator placed requests late: ${JSON.stringify(late)}`);
  await second?.stop();
});

async function proxyStats(): Promise<TransactionConflictStats> {
  return (
    (await (await fetch(`${second.info.dynamoDbEndpoint}${CONFLICTS_CONTROL_PATH}`)).json()) as {
      stats: TransactionConflictStats;
    }
  ).stats;
}

test('the portal calls DynamoDB through the proxy: two transactions on one item at once, through its endpoint, and one is cancelled with TransactionConflict', async () => {
  const engine = second.info.dynamoDbEngine.endpoint;
  expect(second.info).toMatchObject({ conflictsHoldMs: HOLD_MS, dynamoDbEngine: { startedHere: true } });
  expect(second.info.dynamoDbEndpoint).not.toBe(engine);
  expect(second.output()).toContain(
    `conflicts ON      transactions hold their items ${HOLD_MS} ms; the portal calls DynamoDB through ${second.info.dynamoDbEndpoint}`,
  );

  // One attempt each: the SDK's own retries would hide the conflict.
  const client = new DynamoDBClient({ endpoint: second.info.dynamoDbEndpoint, maxAttempts: 1 });
  const before = await proxyStats();
  const key = { PK: { S: `PROBE#${randomUUID()}` }, SK: { S: 'PROBE' } };
  const bump = () =>
    client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Update: {
              TableName: second.info.tableName,
              Key: key,
              UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': { N: '1' } },
            },
          },
        ],
      }),
    );
  const outcomes = await Promise.allSettled([bump(), bump()]);
  client.destroy();

  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  const refused = outcomes.find((outcome) => outcome.status === 'rejected')!.reason as TransactionCanceledException;
  expect(refused).toBeInstanceOf(TransactionCanceledException);
  expect(refused.CancellationReasons).toEqual([
    { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
  ]);
  expect((await proxyStats()).transactionsCancelled).toBe(before.transactionsCancelled + 1);
});

/** The conflicts counted since `before`, by the kind of item (its key's prefixes: `CLASS#`, `QUEUE#…LEASE`, …). */
function newConflicts(before: TransactionConflictStats, after: TransactionConflictStats): Record<string, number> {
  const byKind: Record<string, number> = {};
  for (const [label, count] of Object.entries(after.conflictsByItem)) {
    const kind = label.replace(/#[^ ]+/g, '#…');
    byKind[kind] = (byKind[kind] ?? 0) + count - (before.conflictsByItem[label] ?? 0);
  }
  return Object.fromEntries(Object.entries(byKind).filter(([, count]) => count > 0));
}

// Three children a family: a family may hold at most three places in one class.
const FAMILIES = 67;
const CHILDREN_PER_FAMILY = 3;
const SEATS = 25;

test(`given ${FAMILIES * CHILDREN_PER_FAMILY} concurrent enroll calls from ${FAMILIES} families for ${SEATS} seats under conflicts, then every call is answered, the earliest calls get the seats, the line is in arrival order, and nothing is doubled`, async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: SEATS });
  const households = await Promise.all(
    Array.from({ length: FAMILIES }, (_, index) => familyWithChildren(CHILDREN_PER_FAMILY, `conflicts${index}`)),
  );
  const enrollees = households.flatMap(({ family, students }) => students.map((student) => ({ family, student })));
  const before = await proxyStats();

  const answers = await Promise.all(
    enrollees.map(({ family, student }) =>
      enrollAndWait({ studentId: student.id, classId: cls.id }, family.accessToken),
    ),
  );

  const stats = await proxyStats();
  const inLine = answers.filter((answer) => answer.askedAgain > 0).length;
  console.log(
    `${answers.length} enroll calls for ${SEATS} seats with conflicts held ${HOLD_MS} ms: ${answers.filter((answer) => outcomeOf(answer) === 200).length} answered 200 (${inLine} first told their place in line, ${answers.reduce((sum, answer) => sum + answer.pressedAgain, 0)} presses again after "very busy"); the proxy cancelled ${stats.transactionsCancelled - before.transactionsCancelled} transactions` +
      `, refused ${stats.singleWriteConflicts - before.singleWriteConflicts} single writes; conflicts by item: ${JSON.stringify(newConflicts(before, stats))}`,
  );
  expect(answers.map(outcomeOf)).toEqual(answers.map(() => 200));
  await expectArrivalOrder(
    answers.map((answer) => ({
      enrollment: answer.body.data!.enrollments[0]!,
      requestId: answer.body.data!.requestId,
    })),
  );

  const { roster, waitlist } = await data<{ roster: RosterEntry[]; waitlist: RosterEntry[] }>(
    'classRoster',
    { classId: cls.id },
    (await adminSession()).accessToken,
  );
  expect(roster).toHaveLength(SEATS);
  expect(await classNow(cls.id)).toMatchObject({
    enrolled: SEATS,
    waitlisted: FAMILIES * CHILDREN_PER_FAMILY - SEATS,
    seatsLeft: 0,
  });
  expect(waitlist.map((entry) => entry.waitlistPosition)).toEqual(waitlist.map((_, index) => index + 1));

  // Nothing doubled: each student holds one place, exactly the one the answer told.
  const placed = [...roster, ...waitlist];
  expect(new Set(placed.map((entry) => entry.student.id)).size).toBe(placed.length);
  const told = answers.flatMap((answer) => answer.body.data!.enrollments);
  expect(
    told
      .map(({ id, status, waitlistPosition }) => ({ id, status, waitlistPosition }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  ).toEqual(
    placed
      .map(({ enrollmentId, status, waitlistPosition }) => ({ id: enrollmentId, status, waitlistPosition }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );
});

test('given a rush on a group and on one of its classes at once under conflicts, then they wait in one line: the seats go as arrival order gives them, each group request has a seat in every class or waits in every one, and no class passes its capacity', async () => {
  const semester = await openSemester();
  const [first, second] = [await newClass(semester.id, { capacity: 6 }), await newClass(semester.id, { capacity: 8 })];
  const group = await newGroup(semester.id, [first.id, second.id]);
  const households = await Promise.all(
    Array.from({ length: 12 }, (_, index) => familyWithChildren(2, `conflicts-group${index}`)),
  );

  const answers = await Promise.all(
    households.flatMap(({ family, students }) => [
      enrollAndWait({ studentId: students[0]!.id, groupId: group.id }, family.accessToken),
      enrollAndWait({ studentId: students[1]!.id, classId: first.id }, family.accessToken),
    ]),
  );

  expect(answers.map(outcomeOf)).toEqual(answers.map(() => 200));
  for (const answer of answers) {
    const statuses = new Set(answer.body.data!.enrollments.map((enrollment) => enrollment.status));
    expect(statuses.size).toBe(1);
  }
  const [firstNow, secondNow] = [await classNow(first.id), await classNow(second.id)];
  expect(firstNow.enrolled).toBe(6);
  expect(firstNow.enrolled + firstNow.waitlisted).toBe(24);
  expect(secondNow.enrolled).toBeLessThanOrEqual(8);
  expect(secondNow.enrolled + secondNow.waitlisted).toBe(12);
  await expectSeatsAsArrived(
    answers.map((answer) => answer.body.data!),
    new Map([
      [first.id, 6],
      [second.id, 8],
    ]),
  );
  for (const cls of [first, second]) {
    await expectArrivalOrder(
      answers.flatMap((answer) =>
        answer.body
          .data!.enrollments.filter((e) => e.classId === cls.id)
          .map((enrollment) => ({ enrollment, requestId: answer.body.data!.requestId })),
      ),
    );
  }
});

test('given the same enroll sent twice at once under conflicts (a retried press), then the child holds one place and both calls are answered with it', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 5 });
  const { family, students } = await familyWithChildren(1, 'conflicts-retry');
  const payload = { studentId: students[0]!.id, classId: cls.id };

  const answers = await Promise.all([
    enrollAndWait(payload, family.accessToken),
    enrollAndWait(payload, family.accessToken),
  ]);

  expect(answers.map(outcomeOf)).toEqual([200, 200]);
  expect(answers[0]!.body.data!.requestId).toBe(answers[1]!.body.data!.requestId);
  expect(answers.map((answer) => answer.body.data!.enrollments[0]!.status)).toEqual(['enrolled', 'enrolled']);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
});

/** A cancellation answered 429 "very busy" changed nothing: the family presses again, as the message asks. */
async function cancelAsAFamilyWould(enrollmentId: string, token: string) {
  for (let press = 0; press < 5; press += 1) {
    const answer = await call('cancelEnrollment', { enrollmentId }, token);
    if (answer.status !== 429) return expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`cancelEnrollment stayed "very busy" for ${enrollmentId}`);
}

test('given cancellations during a rush under conflicts, then each released seat goes to the first in line exactly once', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 4 });
  const households = await Promise.all(
    Array.from({ length: 10 }, (_, index) => familyWithChildren(1, `conflicts-promotion${index}`)),
  );
  const first = await Promise.all(
    households
      .slice(0, 6)
      .map(({ family, students }) =>
        enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken),
      ),
  );
  const seated = first.flatMap((answer, index) =>
    answer.body.data!.enrollments[0]!.status === 'enrolled'
      ? [{ ...households[index]!, enrollment: answer.body.data!.enrollments[0]! }]
      : [],
  );

  // Two seated families cancel while four more families enroll.
  await Promise.all([
    ...seated.slice(0, 2).map(({ family, enrollment }) => cancelAsAFamilyWould(enrollment.id, family.accessToken)),
    ...households
      .slice(6)
      .map(({ family, students }) =>
        enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken),
      ),
  ]);

  const { roster, waitlist } = await data<{ roster: RosterEntry[]; waitlist: RosterEntry[] }>(
    'classRoster',
    { classId: cls.id },
    (await adminSession()).accessToken,
  );
  expect(roster).toHaveLength(4);
  expect(waitlist).toHaveLength(4);
  expect(waitlist.map((entry) => entry.waitlistPosition)).toEqual([1, 2, 3, 4]);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 4, waitlisted: 4 });
  // The two who waited first (from the first six) hold the released seats.
  const waitedFirst = first.flatMap((answer, index) =>
    answer.body.data!.enrollments[0]!.waitlistPosition ? [households[index]!.students[0]!.id] : [],
  );
  for (const studentId of waitedFirst) expect(roster.map((entry) => entry.student.id)).toContain(studentId);
});
