// The functions as Lambda runs them, played by a second portal started with PORTAL_LAMBDA_INSTANCES=on and a
// concurrency of 2 (on the test stack's DynamoDB engine, a table of its own): calls at once run in instances
// of their own, a later call reuses an idle one, a call beyond the concurrency is throttled and answered as
// API Gateway answers it, instances share no memory, and stopping the portal ends them all.
import { execFileSync } from 'node:child_process';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import type { LambdaStats } from '../../infra/local/lambdaPool';
import { startStack, type RunningStack } from '../support/stack-setup';

const CONCURRENCY = 2;
const engine = process.env.DYNAMODB_ENDPOINT!;
const tableName = `instances-portal-${randomUUID().slice(0, 8)}`;
let portal: RunningStack;

beforeAll(async () => {
  portal = await startStack({
    PORTAL_LAMBDA_INSTANCES: 'on',
    PORTAL_LAMBDA_CONCURRENCY: String(CONCURRENCY),
    PORTAL_DYNAMODB_ENDPOINT: engine,
    PORTAL_TABLE_NAME: tableName,
    PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '',
  });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  const engineClient = new DynamoDBClient({ endpoint: engine });
  await engineClient.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  engineClient.destroy();
});

const lambdaStats = async () =>
  (await (await fetch(`${portal.info.url}/_local/lambda-stats`)).json()) as {
    instances: LambdaStats;
    secretsManagerReads: number;
  };
const semesters = () => fetch(`${portal.info.url}/api/fn/semesters`, { method: 'POST', body: '{}' });

test('the start banner and stack.json say that the functions run in instances, and at most how many', () => {
  expect(portal.output()).toContain(`lambda instances ON`);
  expect(portal.info.lambdaConcurrency).toBe(CONCURRENCY);
});

test('two calls of a function at once run in two instances (two cold starts); a later call reuses an idle one', async () => {
  const answers = await Promise.all([semesters(), semesters()]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const after = (await lambdaStats()).instances.functions.semesters!;
  expect(after).toMatchObject({ busy: 0, idle: 2, coldStarts: 2, throttles: 0 });
  expect(after.coldStartMs).toHaveLength(2);

  expect((await semesters()).status).toBe(200);
  expect((await lambdaStats()).instances.functions.semesters).toMatchObject({ idle: 2, coldStarts: 2 });
});

test('instances share no memory: each reads the origin secret for itself on its first call (3 stages), and keeps it', async () => {
  const before = await lambdaStats();
  const coldStarts = () =>
    Object.values(before.instances.functions).reduce((sum, fn) => sum + fn.coldStarts - fn.crashes, 0);
  // Every instance so far read it once: in one process, the first read would have served them all.
  expect(before.secretsManagerReads).toBe(3 * coldStarts());
  expect((await semesters()).status).toBe(200);
  expect((await lambdaStats()).secretsManagerReads).toBe(before.secretsManagerReads);
});

test('calls beyond the concurrency while every instance is busy are throttled: 500 {"message":"Internal Server Error"}, as API Gateway answers a Lambda throttle', async () => {
  const before = (await lambdaStats()).instances.functions.semesters!;
  // Many at once: on a loaded machine eight came in so far apart that two instances served them all (CI, 2026-11-29).
  const answers = await Promise.all(Array.from({ length: 24 }, () => semesters()));
  const throttled = answers.filter((answer) => answer.status === 500);
  expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(CONCURRENCY);
  expect(throttled.length).toBeGreaterThan(0);
  expect(await throttled[0]!.json()).toEqual({ message: 'Internal Server Error' });
  const after = (await lambdaStats()).instances;
  expect(after.functions.semesters!.throttles - before.throttles).toBe(throttled.length);
  expect(after.peakInstances).toBe(CONCURRENCY);
});

test('stopping the portal ends every instance (before anything kills what is left of its process group)', async () => {
  const bundles = `${portal.dataDir}/functions/`;
  const running = () => {
    try {
      return execFileSync('pgrep', ['-f', bundles], { encoding: 'utf8' }).trim().split('\n');
    } catch {
      return []; // pgrep exits 1 when nothing matches
    }
  };
  expect(running()).toHaveLength(CONCURRENCY);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // As Ctrl-C stops `npm start`.
  process.kill(portal.info.pid, 'SIGTERM');
  for (const started = Date.now(); alive(portal.info.pid) && Date.now() - started < 10_000; )
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alive(portal.info.pid)).toBe(false);
  expect(running()).toEqual([]);
});
