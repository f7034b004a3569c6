// The API as AWS serves it on registration day, played by a second portal started with
// PORTAL_API_THROTTLE=1 and PORTAL_CATALOGUE_CACHE=1 (on the test stack's DynamoDB engine, a table of its
// own): a burst above a route's burst limit is answered 429 in API Gateway's shape before any function
// runs, and the catalogue's GETs answer what their POSTs answer, cacheable, from the cache within max-age.
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { routeThrottle, TOO_MANY_REQUESTS } from '../../infra/throttles';
import { CATALOGUE_MAX_AGE_SECONDS, LINE_PROGRESS_MAX_AGE_SECONDS } from '../../lambdas/contract/catalogueAge';
import { startStack, type RunningStack } from '../support/stack-setup';

const engine = process.env.DYNAMODB_ENDPOINT!;
const tableName = `edge-portal-${randomUUID().slice(0, 8)}`;
let edge: RunningStack;
let url: string;

beforeAll(async () => {
  edge = await startStack({
    PORTAL_API_THROTTLE: '1',
    PORTAL_CATALOGUE_CACHE: '1',
    PORTAL_DYNAMODB_ENDPOINT: engine,
    PORTAL_TABLE_NAME: tableName,
    PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '',
  });
  url = edge.info.url;
}, 120_000);

afterAll(async () => {
  await edge?.stop();
  const engineClient = new DynamoDBClient({ endpoint: engine });
  await engineClient.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  engineClient.destroy();
});

interface EdgeStats {
  apiThrottle: Record<string, { admitted: number; throttled: number }> | null;
  catalogueCache: { hits: number; originCalls: number } | null;
}
const edgeStats = async () => (await (await fetch(`${url}/_local/edge-stats`)).json()) as EdgeStats;
const post = (name: string, payload: unknown = {}) =>
  fetch(`${url}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
const get = (name: string, payload?: unknown) =>
  fetch(`${url}/api/get/${name}${payload ? `?payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`);

test('the start banner says that throttling and the catalogue cache are on', () => {
  expect(edge.output()).toContain('API throttle ON');
  expect(edge.output()).toContain(
    `public ${routeThrottle.public.rateLimit}/s burst ${routeThrottle.public.burstLimit}`,
  );
  expect(edge.output()).toContain('catalogue cache ON');
});

test('a burst above a route\'s burst limit is answered 429 {"message":"Too Many Requests"} before the authorizer, the rest as without throttling', async () => {
  // An admin route (the smallest bucket) without a token: what is let through is refused by the authorizer
  // (401), cheaply. Eight seconds' worth of refills above the burst, so a busy machine still overruns it.
  const { burstLimit, rateLimit } = routeThrottle.admin;
  const calls = burstLimit + 8 * rateLimit;
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: calls }, () => post('admins')));
  const seconds = (Date.now() - started) / 1000;
  const statuses = answers.map((answer) => answer.status);
  const throttled = answers.filter((answer) => answer.status === 429);
  expect(new Set(statuses)).toEqual(new Set([401, 429]));
  // At most the burst and what the bucket refilled meanwhile got through.
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
    burstLimit + Math.ceil(rateLimit * seconds),
  );
  expect(throttled.length).toBeGreaterThan(0);
  // API Gateway's shape, the one the web client retries (test/web/api-client.test.tsx plays this constant).
  expect(throttled[0]!.headers.get('content-type')).toBe('application/json');
  expect(await throttled[0]!.json()).toEqual(TOO_MANY_REQUESTS);
  const { apiThrottle } = await edgeStats();
  expect(apiThrottle?.['POST /fn/admins']).toEqual({ admitted: calls - throttled.length, throttled: throttled.length });
  // Each route has its own bucket: another route is untouched by this one's burst.
  expect((await post('semesters')).status).toBe(200);
});

test('a catalogue GET answers the data of its POST, cacheable for max-age; within it the function is not called again, after it it is', async () => {
  const semesters = ((await (await post('semesters')).json()) as { data: { semesters: Array<{ id: string }> } }).data;
  const payload = { semesters: semesters.semesters.map((semester) => semester.id) };
  const before = (await edgeStats()).catalogueCache!;

  const first = await get('classesBySemester', payload);
  expect(first.status).toBe(200);
  expect(first.headers.get('cache-control')).toBe(`public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`);
  const firstBody = await first.json();
  expect(firstBody).toEqual(await (await post('classesBySemester', payload)).json());
  expect((await edgeStats()).catalogueCache).toEqual({ hits: before.hits, originCalls: before.originCalls + 1 });

  const second = await get('classesBySemester', payload);
  expect(await second.json()).toEqual(firstBody);
  expect(second.headers.get('x-cache')).toBe('Hit from cloudfront');
  expect((await edgeStats()).catalogueCache).toEqual({ hits: before.hits + 1, originCalls: before.originCalls + 1 });

  // Another payload is another cache key.
  expect((await get('classesBySemester', { semesters: payload.semesters.slice(0, 1) })).status).toBe(200);
  expect((await edgeStats()).catalogueCache).toEqual({ hits: before.hits + 1, originCalls: before.originCalls + 2 });

  await new Promise((resolve) => setTimeout(resolve, CATALOGUE_MAX_AGE_SECONDS * 1000 + 100));
  const later = await get('classesBySemester', payload);
  expect(later.headers.get('x-cache')).toBe('Miss from cloudfront');
  expect((await edgeStats()).catalogueCache).toEqual({ hits: before.hits + 1, originCalls: before.originCalls + 3 });
}, 30_000);

test("a crowd of waiting pages reading their line's progress costs the origin one call per max-age, however many pages wait", async () => {
  const semesters = ((await (await post('semesters')).json()) as { data: { semesters: Array<{ id: string }> } }).data;
  const payload = { semesterId: semesters.semesters[0]!.id };
  const before = (await edgeStats()).catalogueCache!;
  const started = Date.now();
  // 300 pages, each reading every second for 5 s (the web app reads every 2 s): all at once, as at an opening.
  const answers: Response[] = [];
  for (let round = 0; round < 5; round += 1) {
    answers.push(...(await Promise.all(Array.from({ length: 300 }, () => get('lineProgress', payload)))));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (Date.now() - started) / 1000;
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  expect(answers[0]!.headers.get('cache-control')).toBe(`public, max-age=${LINE_PROGRESS_MAX_AGE_SECONDS}`);
  const after = (await edgeStats()).catalogueCache!;
  const originCalls = after.originCalls - before.originCalls;
  // One when each answer expires (and the first): simultaneous misses are collapsed into one call.
  expect(originCalls).toBeGreaterThanOrEqual(1);
  expect(originCalls).toBeLessThanOrEqual(Math.ceil(seconds / LINE_PROGRESS_MAX_AGE_SECONDS) + 1);
  expect(after.hits - before.hits).toBe(answers.length - originCalls);
}, 60_000);

test('a refused GET is not cached, and only the cached reads have a GET', async () => {
  const before = (await edgeStats()).catalogueCache!;
  for (let call = 0; call < 2; call += 1) {
    const refused = await get('classesBySemester', { semesters: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  }
  expect((await edgeStats()).catalogueCache).toEqual({ hits: before.hits, originCalls: before.originCalls + 2 });
  expect((await get('myEnrollments')).status).toBe(404);
  expect((await get('enroll')).status).toBe(404);
});
