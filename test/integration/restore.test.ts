// `npm run restore -- --local`, the rehearsal of a restore on this machine: the running portal's table copied into
// a new table on the same engine (DynamoDB Local keeps no history to restore from), and a portal started on it
// answers with what the old one held. Nothing the table held before the copy is missing from the new one.
import { DeleteTableCommand, DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { newClass, openSemester } from '../support/fixtures';
import { startStack, type RunningStack } from '../support/stack-setup';

const run = promisify(execFile);
const engine = process.env.DYNAMODB_ENDPOINT!;
const client = new DynamoDBClient({ endpoint: engine });
let restoredTable: string | undefined;
let restored: RunningStack | undefined;

afterAll(async () => {
  await restored?.stop();
  if (restoredTable) await client.send(new DeleteTableCommand({ TableName: restoredTable })).catch(() => undefined);
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
  const semester = await openSemester();
  const cls = await newClass(semester.id, { name: `Restored class ${Date.now()}` });
  const before = await keysOf(process.env.TABLE_NAME!);

  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'infra/restore-command.ts', '--local'], {
    env: { ...process.env, PORTAL_DATA_DIR: process.env.PORTAL_TEST_DATA_DIR },
  });
  restoredTable = /^RESTORED_TABLE=(.+)$/m.exec(stdout)?.[1];
  expect(restoredTable).toMatch(new RegExp(`^${process.env.TABLE_NAME}-restored-\\d{8}T\\d{4}$`));
  expect(stdout).toMatch(/Copied \d+ items/);
  const after = await keysOf(restoredTable!);
  expect([...before].filter((key) => !after.has(key))).toEqual([]);

  restored = await startStack({
    PORTAL_DYNAMODB_ENDPOINT: engine,
    PORTAL_TABLE_NAME: restoredTable!,
    PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '',
  });
  const response = await fetch(`${restored.info.url}/api/fn/classes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: [{ id: cls.id }] }),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(cls.name);
}, 180_000);
