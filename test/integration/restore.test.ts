// `npm run restore -- --local`, the rehearsal of a restore on this machine: a portal's table copied into a new
// table on the same engine (DynamoDB Local keeps no history to restore from), and a portal started on the copy
// answers with what the old one held. Nothing the table held before the copy is missing from the new one. The
// portal restored is one of its own (its table of this test's data alone), not the test stack's, which holds
// every other file's data.
import { DeleteTableCommand, DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { newClass, openSemester } from '../support/fixtures';
import { stackEnvironment, startStack, type RunningStack } from '../support/stack-setup';

const run = promisify(execFile);
const engine = process.env.DYNAMODB_ENDPOINT!;
const client = new DynamoDBClient({ endpoint: engine });
const originalTable = `restore-original-${randomUUID().slice(0, 8)}`;
const onTheEngine = { PORTAL_DYNAMODB_ENDPOINT: engine, PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '' };
let original: RunningStack | undefined;
let restoredTable: string | undefined;
let restored: RunningStack | undefined;

afterAll(async () => {
  await Promise.all([original?.stop(), restored?.stop()]);
  for (const table of [originalTable, restoredTable])
    if (table) await client.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
  client.destroy();
});

async function keysOf(table: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) keys.add(`${item.PK?.S}|${item.SK?.S}`);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return keys;
}

test('the table copied into a new one, and a portal on it answers with its classes', async () => {
  original = await startStack({ ...onTheEngine, PORTAL_TABLE_NAME: originalTable });
  // The helpers (the administrator, semesters, classes) talk to that portal from here on.
  Object.assign(process.env, stackEnvironment(original));
  const semester = await openSemester();
  const cls = await newClass(semester.id, { name: `Restored class ${Date.now()}` });
  const before = await keysOf(originalTable);

  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'infra/restore-command.ts', '--local'], {
    env: { ...process.env, PORTAL_DATA_DIR: original.dataDir },
    // Stopped with the test, not left copying beside the next file.
    timeout: 240_000,
  });
  restoredTable = /^RESTORED_TABLE=(.+)$/m.exec(stdout)?.[1];
  expect(restoredTable).toMatch(new RegExp(`^${originalTable}-restored-\\d{8}T\\d{4}$`));
  expect(stdout).toMatch(/Copied \d+ items/);
  const after = await keysOf(restoredTable!);
  expect([...before].filter((key) => !after.has(key))).toEqual([]);

  restored = await startStack({ ...onTheEngine, PORTAL_TABLE_NAME: restoredTable! });
  const response = await fetch(`${restored.info.url}/api/fn/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: [{ id: cls.id }] }),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(cls.name);
}, 400_000);
