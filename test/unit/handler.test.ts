// The handler pattern's middleware: body parsing, validation messages, identity and error mapping.
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import middy from '@middy/core';
import { callerIdentity, errorMapping, jsonBody, validInput, type PortalEvent } from '../../lambdas/shared/handler';
import { notFound } from '../../lambdas/shared/errors';

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function event(body: string | undefined, claims?: Record<string, unknown>): PortalEvent {
  return {
    body,
    headers: {},
    isBase64Encoded: false,
    requestContext: { ...(claims && { authorizer: { jwt: { claims } } }) },
  } as unknown as PortalEvent;
}

function testHandler(access: 'public' | 'user' | 'admin', run: (event: PortalEvent) => Promise<unknown>) {
  return middy<PortalEvent>()
    .use(errorMapping('test'))
    .use(jsonBody())
    .use(callerIdentity(access))
    .use(validInput(z.strictObject({ count: z.int().check(z.gte(1)) })))
    .handler(async (e) => ({ statusCode: 200, body: JSON.stringify({ data: await run(e) }) }));
}

const parse = (result: unknown) => {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { statusCode, body: JSON.parse(body) as { data?: unknown; error?: { code: string; message: string } } };
};

describe('portal middleware', () => {
  test('a valid payload reaches the function parsed', async () => {
    const handler = testHandler('public', async (e) => e.payload);
    expect(parse(await handler(event('{"count": 2}'), context))).toEqual({ statusCode: 200, body: { data: { count: 2 } } });
  });

  test('a base64 body is decoded', async () => {
    const handler = testHandler('public', async (e) => e.payload);
    const encoded = { ...event(Buffer.from('{"count": 3}').toString('base64')), isBase64Encoded: true };
    expect(parse(await handler(encoded, context)).body.data).toEqual({ count: 3 });
  });

  test('an invalid field is named in the message', async () => {
    const handler = testHandler('public', async () => 'unreachable');
    const result = parse(await handler(event('{"count": 0}'), context));
    expect(result.statusCode).toBe(400);
    expect(result.body.error).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^count: /) });
  });

  test('user access without claims is 401, admin access without the group is 403', async () => {
    const run = async () => 'ok';
    expect(parse(await testHandler('user', run)(event('{"count":1}'), context)).statusCode).toBe(401);
    const parent = event('{"count":1}', { sub: 'parent-1', 'cognito:groups': '[families]' });
    expect(parse(await testHandler('admin', run)(parent, context)).body.error?.code).toBe('permission-denied');
    const admin = event('{"count":1}', { sub: 'admin-1', 'cognito:groups': '[families admin]' });
    expect(parse(await testHandler('admin', run)(admin, context)).body.data).toBe('ok');
  });

  test("the caller comes from the authorizer's claims, API Gateway's flattened groups included", async () => {
    const handler = testHandler('user', async (e) => e.caller);
    const result = parse(await handler(event('{"count":1}', { sub: 'abc', username: 'abc', 'cognito:groups': '[admin teachers]' }), context));
    expect(result.body.data).toEqual({ sub: 'abc', username: 'abc', groups: ['admin', 'teachers'], isAdmin: true });
  });

  test('a typed failure keeps its status and code', async () => {
    const handler = testHandler('public', async () => {
      throw notFound('No such class.');
    });
    expect(parse(await handler(event('{"count":1}'), context))).toEqual({ statusCode: 404, body: { error: { code: 'not-found', message: 'No such class.' } } });
  });

  test('an unexpected failure is a 500 internal whose detail stays in the log', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = testHandler('public', async () => {
      throw new Error('secret table detail');
    });
    const result = parse(await handler(event('{"count":1}'), context));
    expect(result.statusCode).toBe(500);
    expect(result.body.error?.code).toBe('internal');
    expect(JSON.stringify(result.body)).not.toContain('secret table detail');
    expect(log.mock.calls[0]![0]).toContain('secret table detail');
    log.mockRestore();
  });
});
