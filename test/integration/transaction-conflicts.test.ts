// Registration day as DynamoDB behaves in AWS: a second portal, on the test stack's engine with a table of
// its own, calls DynamoDB through the conflicts proxy (PORTAL_DYNAMODB_CONFLICTS_HOLD_MS=20), so
// transactions on one class collide and are cancelled instead of waiting in DynamoDB Local's queue.
import { DeleteTableCommand, DynamoDBClient, TransactionCanceledException, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { CONFLICTS_CONTROL_PATH, type TransactionConflictStats } from '../../infra/local/transactionConflicts';
import type { Enrollment, RosterEntry } from '../../lambdas/records';
import { BUSY_MESSAGE } from '../../lambdas/shared/errors';
import { adminSession, classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data } from '../support/portal';
import { stackEnvironment, startStack, type RunningStack } from '../support/stack-setup';

const HOLD_MS = 20;
const engine = process.env.DYNAMODB_ENDPOINT!;
const tableName = `conflicts-portal-${randomUUID().slice(0, 8)}`;
let second: RunningStack;

beforeAll(async () => {
  second = await startStack({ PORTAL_DYNAMODB_ENDPOINT: engine, PORTAL_TABLE_NAME: tableName, PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: String(HOLD_MS) });
  // The test helpers (admin, families, classes) talk to the second portal from here on.
  Object.assign(process.env, stackEnvironment(second));
}, 120_000);

afterAll(async () => {
  await second?.stop();
  const client = new DynamoDBClient({ endpoint: engine });
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
});

async function proxyStats(): Promise<TransactionConflictStats> {
  return ((await (await fetch(`${second.info.dynamoDbEndpoint}${CONFLICTS_CONTROL_PATH}`)).json()) as { stats: TransactionConflictStats }).stats;
}

test('the portal calls DynamoDB through the proxy: two transactions on one item at once, through its endpoint, and one is cancelled with TransactionConflict', async () => {
  expect(second.info).toMatchObject({ conflictsHoldMs: HOLD_MS, dynamoDbEngine: { endpoint: engine, startedHere: false } });
  expect(second.info.dynamoDbEndpoint).not.toBe(engine);
  expect(second.output()).toContain(`conflicts ON      transactions hold their items ${HOLD_MS} ms; the portal calls DynamoDB through ${second.info.dynamoDbEndpoint}`);

  // One attempt each: the SDK's own retries would hide the conflict.
  const client = new DynamoDBClient({ endpoint: second.info.dynamoDbEndpoint, maxAttempts: 1 });
  const before = await proxyStats();
  const key = { PK: { S: `PROBE#${randomUUID()}` }, SK: { S: 'PROBE' } };
  const bump = () => client.send(new TransactWriteItemsCommand({ TransactItems: [{ Update: { TableName: tableName, Key: key, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': { N: '1' } } } }] }));
  const outcomes = await Promise.allSettled([bump(), bump()]);
  client.destroy();

  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  const refused = outcomes.find((outcome) => outcome.status === 'rejected')!.reason as TransactionCanceledException;
  expect(refused).toBeInstanceOf(TransactionCanceledException);
  expect(refused.CancellationReasons).toEqual([{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }]);
  expect((await proxyStats()).transactionsCancelled).toBe(before.transactionsCancelled + 1);
});

// Three children a family: a family may hold at most three places in one class.
const FAMILIES = 20;
const CHILDREN_PER_FAMILY = 3;
const SEATS = 10;

test(`given ${FAMILIES * CHILDREN_PER_FAMILY} concurrent enroll calls from ${FAMILIES} families for ${SEATS} seats under conflicts, then no more than ${SEATS} are enrolled (all of them once anyone waits), the counts equal the roster, the waitlist is 1..n and nothing is doubled`, async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: SEATS });
  const households = await Promise.all(Array.from({ length: FAMILIES }, (_, index) => familyWithStudents(CHILDREN_PER_FAMILY, `conflicts${index}`)));
  const enrollees = households.flatMap(({ family, students }) => students.map((student) => ({ family, student })));
  const before = await proxyStats();

  const answers = await Promise.all(enrollees.map(({ family, student }) => call<{ enrollments: Enrollment[] }>('enroll', { studentId: student.id, classId: cls.id }, family.accessToken)));

  const conflicts = (await proxyStats()).transactionsCancelled - before.transactionsCancelled;
  const busy = answers.filter((answer) => answer.status === 429);
  // The 429s are the per-class allocator's work, still to come: counted and shown, not yet held to zero.
  console.log(`${answers.length} enroll calls for ${SEATS} seats with conflicts held ${HOLD_MS} ms: ${answers.length - busy.length} answered 200, ${busy.length} answered 429 "very busy"; the proxy cancelled ${conflicts} transactions`);
  expect(conflicts).toBeGreaterThan(0);
  // Every call is answered with a place or with "very busy" (nothing saved): never an error.
  expect(answers.filter((answer) => answer.status !== 200 && !(answer.status === 429 && answer.body.error?.message === BUSY_MESSAGE))).toEqual([]);

  const { roster, waitlist } = await data<{ roster: RosterEntry[]; waitlist: RosterEntry[] }>('classRoster', { classId: cls.id }, (await adminSession()).accessToken);
  // How many calls got through depends on the machine's load; that a waitlist forms only once every seat is
  // taken, and that the counts match the roster, does not.
  expect(roster.length).toBeLessThanOrEqual(SEATS);
  if (waitlist.length > 0) expect(roster).toHaveLength(SEATS);
  expect(roster.every((entry) => entry.status === 'enrolled')).toBe(true);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: roster.length, waitlisted: waitlist.length, seatsLeft: SEATS - roster.length });
  expect(waitlist.map((entry) => entry.waitlistPosition)).toEqual(waitlist.map((_, index) => index + 1));

  // Nothing doubled: each student holds at most one place, and exactly the one the answer told.
  const placed = [...roster, ...waitlist];
  expect(new Set(placed.map((entry) => entry.student.id)).size).toBe(placed.length);
  const told = answers.flatMap((answer) => (answer.status === 200 ? answer.body.data!.enrollments : []));
  expect(told.map(({ id, status, waitlistPosition }) => ({ id, status, waitlistPosition })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    placed.map(({ enrollmentId, status, waitlistPosition }) => ({ id: enrollmentId, status, waitlistPosition })).sort((a, b) => a.id.localeCompare(b.id)),
  );
});
