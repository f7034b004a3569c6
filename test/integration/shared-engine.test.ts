// PORTAL_DYNAMODB_ENDPOINT: a second portal started on the test stack's DynamoDB engine, with a table of
// its own there, runs no DynamoDB Local of its own and answers from that engine.
import { DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Class } from '../../lambdas/contract/records';
import { addStudent } from '../support/fixtures';
import { data, portalUrl, signUpFamily, waitForMail } from '../support/portal';
import { commandsInTree } from '../support/processes';
import type { StackInfo } from '../support/stack-info';
import { stackEnvironment, startStack, type RunningStack } from '../support/stack-setup';

const engine = process.env.DYNAMODB_ENDPOINT!;
const firstUrl = portalUrl();
const tableName = `second-portal-${randomUUID().slice(0, 8)}`;
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: engine }));
let second: RunningStack;

beforeAll(async () => {
  // Conflicts off whatever this run's environment says: this file is about the engine alone.
  second = await startStack({
    PORTAL_DYNAMODB_ENDPOINT: engine,
    PORTAL_TABLE_NAME: tableName,
    PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '',
  });
  // The test helpers (families, students, the outbox) talk to the second portal from here on.
  Object.assign(process.env, stackEnvironment(second));
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await documents.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  documents.destroy();
});

async function currentClasses(url: string): Promise<Class[]> {
  const response = await fetch(`${url}/api/fn/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { classes: Class[] } }).data.classes;
}

test('stack.json names the given engine as not started here, the portal calls it directly, and no Java process runs under the second portal', () => {
  expect(second.info).toMatchObject({
    dynamoDbEndpoint: engine,
    dynamoDbEngine: { endpoint: engine, startedHere: false },
    conflictsHoldMs: null,
    tableName,
  });
  expect(second.output()).toContain(
    `DynamoDB          ${engine}  (table ${tableName}; PORTAL_DYNAMODB_ENDPOINT, not started here)`,
  );
  expect(commandsInTree(second.info.pid)).not.toContain('java');
  // The check sees DynamoDB Local's JVM where a portal did start one: the test stack's own.
  const first = JSON.parse(readFileSync(join(process.env.PORTAL_TEST_DATA_DIR!, 'stack.json'), 'utf8')) as StackInfo;
  if (first.dynamoDbEngine.startedHere) expect(commandsInTree(first.pid)).toContain('java');
});

test('the second portal created its table on that engine, seeded it like a new data dir, and answers classes from it', async () => {
  const { Table } = await new DynamoDBClient({ endpoint: engine }).send(
    new DescribeTableCommand({ TableName: tableName }),
  );
  expect(Table?.StreamSpecification?.StreamEnabled).toBe(true);
  const classes = await currentClasses(second.info.url);
  expect(classes).toHaveLength(8);

  // A change written straight into that table on the engine is what the second portal answers next; the
  // test stack's own table keeps its class as it was.
  const changed = classes[0]!;
  const name = `Renamed on the engine ${randomUUID().slice(0, 6)}`;
  await documents.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK: `CLASS#${changed.id}`, SK: 'CLASS' },
      UpdateExpression: 'SET #name = :name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
    }),
  );
  expect((await currentClasses(second.info.url)).find((cls) => cls.id === changed.id)?.name).toBe(name);
  expect((await currentClasses(firstUrl)).map((cls) => cls.name)).not.toContain(name);
});

test("the second portal's e-mails come from that engine's stream: an enrollment there reaches its own outbox", async () => {
  const family = await signUpFamily('second-portal');
  const student = await addStudent(family);
  // A seeded class for grades 1 to 8: the student is in grade 7.
  const open = (await currentClasses(second.info.url)).find((cls) => cls.id === 'nordic-skiing')!;
  await data('enroll', { studentId: student.id, classId: open.id }, family.accessToken);
  const mail = await waitForMail(family.email, /./);
  expect(mail.text).toContain(open.name);
});
