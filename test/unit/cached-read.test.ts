// A public catalogue read as a GET (`GET /get/{name}?payload=…`): the payload from the query string, a
// token ignored, a success cacheable for the manifest's seconds; and the local gateway's cache of such
// answers, which keeps what CloudFront's cache policy keeps.
import type { Context } from 'aws-lambda';
import middy from '@middy/core';
import * as z from 'zod/mini';
import { CatalogueCache } from '../../infra/local/edge';
import { cachedReadPolicy } from '../../infra/routes';
import {
  cachedRead,
  callerIdentity,
  errorMapping,
  jsonBody,
  validInput,
  type PortalEvent,
} from '../../lambdas/platform/handler';

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function request(
  method: 'GET' | 'POST',
  options: { body?: string; payload?: string; authorization?: string },
): PortalEvent {
  return {
    body: options.body,
    headers: options.authorization ? { authorization: options.authorization } : {},
    ...(options.payload !== undefined && { queryStringParameters: { payload: options.payload } }),
    isBase64Encoded: false,
    requestContext: { http: { method } },
  } as unknown as PortalEvent;
}

const handler = middy<PortalEvent>()
  .use(errorMapping('semesterGroups'))
  .use(cachedRead(5))
  .use(jsonBody())
  .use(callerIdentity('public'))
  .use(validInput(z.strictObject({ semesterId: z.string() })))
  .handler(async (event) => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ data: { asked: event.payload, caller: event.caller ?? null } }),
  }));

const answer = async (event: PortalEvent) =>
  (await handler(event, context)) as { statusCode: number; headers: Record<string, string>; body: string };

test('a GET reads its payload from the query string and may be cached for the declared seconds', async () => {
  const result = await answer(request('GET', { payload: '{"semesterId":"winter-2026"}' }));
  expect(result.statusCode).toBe(200);
  expect(result.headers['cache-control']).toBe('public, max-age=5');
  expect(JSON.parse(result.body)).toEqual({ data: { asked: { semesterId: 'winter-2026' }, caller: null } });
});

test('a GET ignores a token, even one that is not valid: the answer is the same for everyone', async () => {
  const result = await answer(
    request('GET', { payload: '{"semesterId":"winter-2026"}', authorization: 'Bearer not-a-token' }),
  );
  expect(result.statusCode).toBe(200);
  // The same token on the POST is verified, and refused.
  expect(
    (await answer(request('POST', { body: '{"semesterId":"winter-2026"}', authorization: 'Bearer not-a-token' })))
      .statusCode,
  ).toBe(401);
});

test('a refused GET is not cacheable, and names the field as the POST does', async () => {
  const result = await answer(request('GET', { payload: '{"semesterId":7}' }));
  expect(result.statusCode).toBe(400);
  expect(result.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(result.body).error.message).toMatch(/^semesterId: /);
  expect((await answer(request('GET', { payload: 'not json' }))).statusCode).toBe(400);
});

test('a POST is answered as before: its body, never cacheable', async () => {
  const result = await answer(
    request('POST', { body: '{"semesterId":"spring-2027"}', payload: '{"semesterId":"winter-2026"}' }),
  );
  expect(result.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(result.body).data.asked).toEqual({ semesterId: 'spring-2027' });
});

describe("the local gateway's cache of the cached reads", () => {
  const ok = (cacheControl: string) => ({ headers: { 'cache-control': cacheControl }, body: '{"data":{}}' });

  test('keeps a 200 for its max-age, counting origin calls and hits, per path and query', () => {
    let now = 1_000_000;
    const cache = new CatalogueCache(() => now);
    expect(cache.lookup('/api/get/semesters')).toBeUndefined();
    cache.store('/api/get/semesters', 200, ok('public, max-age=5'));
    now += 4_999;
    expect(cache.lookup('/api/get/semesters')).toEqual({ ...ok('public, max-age=5'), ageSeconds: 4 });
    expect(cache.lookup('/api/get/semesters?payload=%7B%7D')).toBeUndefined();
    now += 1;
    expect(cache.lookup('/api/get/semesters')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 1, originCalls: 1 });
  });

  test('collapses the calls for a key that come while its origin call is under way into that one call', async () => {
    const cache = new CatalogueCache();
    const answers: Array<(value: { statusCode: number } & ReturnType<typeof ok>) => void> = [];
    const origin = () =>
      new Promise<{ statusCode: number } & ReturnType<typeof ok>>((resolve) => answers.push(resolve));
    const first = cache.fromOrigin('/api/get/lineProgress', origin);
    expect(cache.underWay('/api/get/lineProgress')).toBe(true);
    const joined = Array.from({ length: 50 }, () => cache.fromOrigin('/api/get/lineProgress', origin));
    const other = cache.fromOrigin('/api/get/semesters', origin);
    for (const answer of answers) answer({ statusCode: 200, ...ok('public, max-age=2') });
    expect(first.collapsed).toBe(false);
    expect(joined.every(({ collapsed }) => collapsed)).toBe(true);
    expect(other.collapsed).toBe(false);
    for (const { answer: body } of joined) await expect(body).resolves.toMatchObject({ statusCode: 200 });
    expect(answers).toHaveLength(2);
    expect(cache.underWay('/api/get/lineProgress')).toBe(false);
    expect(cache.lookup('/api/get/lineProgress')).toMatchObject(ok('public, max-age=2'));
    expect(cache.stats()).toEqual({ hits: 51, originCalls: 2 });
  });

  test('keeps no error, nothing marked no-store, and no answer longer than the policy allows', () => {
    let now = 1_000_000;
    const cache = new CatalogueCache(() => now);
    cache.store('/api/get/classes?payload=bad', 400, ok('public, max-age=5'));
    cache.store('/api/get/config', 200, ok('no-store'));
    cache.store('/api/get/semesters', 200, ok('public, max-age=3600'));
    expect(cache.lookup('/api/get/classes?payload=bad')).toBeUndefined();
    expect(cache.lookup('/api/get/config')).toBeUndefined();
    now += cachedReadPolicy.maxSeconds * 1000;
    expect(cache.lookup('/api/get/semesters')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 0, originCalls: 3 });
  });
});
