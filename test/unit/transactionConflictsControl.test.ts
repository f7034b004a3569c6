// The conflicts proxy's hold time, changed while it runs (the benchmark measures several on one stack), and
// read or changed from another process through its control path; the proxy in a thread of its own, as the
// local stack runs it.
import { DynamoDBClient, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CONFLICTS_CONTROL_PATH,
  startTransactionConflicts,
  type TransactionConflicts,
} from '../../infra/local/transactionConflicts';
import { startTransactionConflictsThread } from '../../infra/local/transactionConflictsThread';

let engine: Server;
let proxy: TransactionConflicts;
let client: DynamoDBClient;

beforeEach(async () => {
  // An engine that answers every request at once.
  engine = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
  });
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  proxy = await startTransactionConflicts({ upstream: engineUrl(), holdMs: 0 });
  client = clientOf(proxy.endpoint);
});

const engineUrl = () => `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;

/** A client that tries once: each call is one call through the proxy. */
const clientOf = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
    maxAttempts: 1,
  });

afterEach(async () => {
  client.destroy();
  await proxy.stop();
  await new Promise((resolve) => engine.close(resolve));
});

/** How long a one-item transaction takes through the proxy (or `through` another client), in ms. */
async function transactionMs(through = client): Promise<number> {
  const started = performance.now();
  await through.send(
    new TransactWriteItemsCommand({
      TransactItems: [
        {
          Update: {
            TableName: 'portal-unit',
            Key: { PK: { S: 'CLASS#a' }, SK: { S: 'CLASS' } },
            UpdateExpression: 'SET n = :n',
            ExpressionAttributeValues: { ':n': { N: '1' } },
          },
        },
      ],
    }),
  );
  return performance.now() - started;
}

const control = (init?: RequestInit) => fetch(`${proxy.endpoint}${CONFLICTS_CONTROL_PATH}`, init);

// A hold far longer than a call takes even on a loaded machine (the suite runs beside the local stack), so the
// test tells a held call from a quick one without timing a quick one closely.
test('given a proxy with no hold, when its hold is set to 2 s, then the next transaction is answered only after 2 s, and 0 makes it quick again', async () => {
  expect(await transactionMs()).toBeLessThan(1000);
  proxy.setHoldMs(2000);
  expect(await transactionMs()).toBeGreaterThanOrEqual(1995);
  proxy.setHoldMs(0);
  expect(await transactionMs()).toBeLessThan(1000);
  expect(() => proxy.setHoldMs(-1)).toThrow('holdMs must be a number of milliseconds, 0 or more (got -1)');
});

test('the control path tells the hold and the counts, a PUT sets the hold, and a hold that is no number of ms is refused and changes nothing', async () => {
  await transactionMs();
  expect(await (await control()).json()).toEqual({
    holdMs: 0,
    stats: {
      transactionsForwarded: 1,
      transactionsCancelled: 0,
      readTransactionsCancelled: 0,
      singleWriteConflicts: 0,
      conflictsByItem: {},
    },
  });
  const set = await control({ method: 'PUT', body: JSON.stringify({ holdMs: 300 }) });
  expect(set.status).toBe(200);
  expect(await set.json()).toMatchObject({ holdMs: 300 });
  expect(await transactionMs()).toBeGreaterThanOrEqual(295);

  for (const body of ['{"holdMs":"20"}', '{"holdMs":-5}', '{}', 'not json']) {
    const refused = await control({ method: 'PUT', body });
    expect(refused.status).toBe(400);
  }
  expect((await control({ method: 'DELETE' })).status).toBe(405);
  expect(await (await control()).json()).toMatchObject({ holdMs: 300 });
});

test('in a thread of its own, the proxy passes calls on with the hold it was started with, tells its counts at its control path, and stops with its thread', async () => {
  const logged: string[] = [];
  const thread = await startTransactionConflictsThread({ upstream: engineUrl(), holdMs: 300 }, (line) =>
    logged.push(line),
  );
  const threadClient = clientOf(thread.endpoint);
  try {
    expect(await transactionMs(threadClient)).toBeGreaterThanOrEqual(295);
    expect(await (await fetch(`${thread.endpoint}${CONFLICTS_CONTROL_PATH}`)).json()).toMatchObject({
      holdMs: 300,
      stats: { transactionsForwarded: 1 },
    });
    await thread.stop();
    await expect(fetch(`${thread.endpoint}${CONFLICTS_CONTROL_PATH}`)).rejects.toThrow();
    expect(logged).toEqual([]);
  } finally {
    threadClient.destroy();
    await thread.stop();
  }
});

test('a proxy thread that cannot start (a hold that is no number of ms) fails its start with the reason, and says so', async () => {
  const logged: string[] = [];
  await expect(
    startTransactionConflictsThread({ upstream: 'http://127.0.0.1:9', holdMs: -1 }, (line) => logged.push(line)),
  ).rejects.toThrow('holdMs must be a number of milliseconds, 0 or more (got -1)');
  expect(logged.join('\n')).toContain('the conflicts proxy failed');
});
