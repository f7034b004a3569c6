// The handler pattern's middleware: body parsing, validation messages, identity and error mapping.
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import middy from '@middy/core';
import { callerIdentity, errorMapping, jsonBody, validInput, type PortalEvent } from '../../lambdas/platform/handler';
import { BUSY_MESSAGE, notFound } from '../../lambdas/contract/errors';
import { SECOND_FACTOR_NEEDED } from '../../lambdas/platform/adminStanding';
import { familyHandler } from '../../lambdas/platform/familyHandler';
import { limitedHandler } from '../../lambdas/platform/limitedHandler';
import { captureLog, loadWithLog } from '../support/logLines';
import { busyAnswers } from '../support/stack-setup';

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
/** The handler pattern as the functions build it, writing its log as in AWS. */
const { portalHandler, portalBusy } = loadWithLog(() => ({
  ...(require('../../lambdas/platform/handler') as typeof import('../../lambdas/platform/handler')),
  // The same module instance as the handler's, whose error mapping tells a PortalError by its class.
  ...(require('../../lambdas/contract/errors') as typeof import('../../lambdas/contract/errors')),
}));

function event(body: string | undefined, claims?: Record<string, unknown>): PortalEvent {
  return {
    body,
    headers: {},
    isBase64Encoded: false,
    requestContext: { ...(claims && { authorizer: { jwt: { claims } } }) },
  } as unknown as PortalEvent;
}

/** The claims API Gateway's authorizer passes on for a Cognito access token issued a minute ago. */
const nowSeconds = () => Math.floor(Date.now() / 1000);
const accessClaims = (claims: Record<string, unknown>) => ({
  token_use: 'access',
  iat: String(nowSeconds() - 60),
  ...claims,
});

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
    expect(parse(await handler(event('{"count": 2}'), context))).toEqual({
      statusCode: 200,
      body: { data: { count: 2 } },
    });
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
    const parent = event('{"count":1}', accessClaims({ sub: 'parent-1', 'cognito:groups': '[families]' }));
    expect(parse(await testHandler('admin', run)(parent, context)).body.error?.code).toBe('permission-denied');
    expect(parse(await testHandler('user', run)(parent, context)).body.data).toBe('ok');
  });

  test("the caller comes from the authorizer's claims, API Gateway's flattened groups included", async () => {
    const handler = testHandler('user', async (e) => e.caller);
    const result = parse(
      await handler(
        event('{"count":1}', accessClaims({ sub: 'abc', username: 'abc', 'cognito:groups': '[families teachers]' })),
        context,
      ),
    );
    expect(result.body.data).toEqual({ sub: 'abc', username: 'abc', groups: ['families', 'teachers'], isAdmin: false });
  });

  // API Gateway's JWT authorizer checks issuer, signature, expiry and audience or client_id, not token_use:
  // an ID token of the pool reaches the function with its claims.
  test("the authorizer's claims of an ID token are refused: 401 on a user route, 403 on an admin route never reached", async () => {
    const run = async () => 'ran';
    const idToken = {
      sub: 'abc',
      aud: 'unit-client',
      token_use: 'id',
      iat: String(nowSeconds() - 60),
      email: 'a@example.com',
      'cognito:groups': '[admin]',
    };
    for (const access of ['user', 'admin'] as const) {
      const result = parse(await testHandler(access, run)(event('{"count":1}', idToken), context));
      expect(result).toMatchObject({ statusCode: 401, body: { error: { code: 'unauthenticated' } } });
    }
    const { token_use: _use, ...withoutUse } = idToken;
    expect(parse(await testHandler('user', run)(event('{"count":1}', withoutUse), context)).statusCode).toBe(401);
  });

  test('a token issued in the future is refused; a few seconds of clock drift are not', async () => {
    const run = async () => 'ran';
    const issuedIn = (seconds: number) =>
      event('{"count":1}', accessClaims({ sub: 'abc', iat: String(nowSeconds() + seconds) }));
    expect(parse(await testHandler('user', run)(issuedIn(3600), context)).statusCode).toBe(401);
    expect(parse(await testHandler('user', run)(issuedIn(10 * 60), context)).statusCode).toBe(401);
    expect(parse(await testHandler('user', run)(issuedIn(30), context)).body.data).toBe('ran');
  });

  describe("an admin token's standing, asked of the user pool", () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch');
    afterEach(() => fetchMock.mockReset());
    afterAll(() => fetchMock.mockRestore());

    /** The pool's answers by call: the groups the user is in now, and the second factors turned on. */
    function pool(groups: string[] | 'gone', secondFactors: string[] = []) {
      fetchMock.mockImplementation(async (_url, init) => {
        const target = (init!.headers as Record<string, string>)['x-amz-target'] ?? '';
        if (groups === 'gone')
          return new Response(JSON.stringify({ __type: 'UserNotFoundException', message: 'User does not exist.' }), {
            status: 400,
          });
        return new Response(
          JSON.stringify(
            target.endsWith('AdminListGroupsForUser')
              ? { Groups: groups.map((GroupName) => ({ GroupName })) }
              : { Username: 'user-1', UserAttributes: [], UserMFASettingList: secondFactors },
          ),
          { status: 200 },
        );
      });
    }
    const tokenAdmin = () =>
      event('{"count":1}', accessClaims({ sub: 'sub-1', username: 'user-1', 'cognito:groups': '[admin]' }));
    const errorOf = async (access: 'user' | 'admin') =>
      parse(await testHandler(access, async () => 'ran')(tokenAdmin(), context)).body.error;

    test("the pool is asked for the groups and the second factor, with the caller's username, signed", async () => {
      pool(['admin'], ['SOFTWARE_TOKEN_MFA']);
      expect(parse(await testHandler('admin', async () => 'ran')(tokenAdmin(), context)).body.data).toBe('ran');
      const targets = fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['x-amz-target']);
      expect(targets.sort()).toEqual([
        'AWSCognitoIdentityProviderService.AdminGetUser',
        'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
      ]);
      for (const [, init] of fetchMock.mock.calls) {
        expect((init!.headers as Record<string, string>).authorization).toMatch(
          /^AWS4-HMAC-SHA256 Credential=unit\/\d{8}\/eu-west-1\/cognito-idp\/aws4_request/,
        );
        expect(JSON.parse(init!.body as string)).toEqual({ UserPoolId: 'eu-west-1_unit', Username: 'user-1' });
      }
    });

    test('a token that still says admin is refused once the account left the admin group, or was deleted', async () => {
      pool([], ['SOFTWARE_TOKEN_MFA']);
      expect(await errorOf('admin')).toEqual({
        code: 'permission-denied',
        message: 'You are no longer an administrator.',
      });
      pool('gone');
      expect(await errorOf('admin')).toMatchObject({ code: 'permission-denied' });
    });

    test('an administrator without the second factor on is refused, told where to turn it on', async () => {
      pool(['admin']);
      expect(await errorOf('admin')).toEqual({ code: 'permission-denied', message: SECOND_FACTOR_NEEDED });
    });

    test('a token without the admin group costs the pool nothing', async () => {
      const parent = event('{"count":1}', accessClaims({ sub: 'parent-1', 'cognito:groups': '[families]' }));
      expect(parse(await testHandler('user', async () => 'ran')(parent, context)).body.data).toBe('ran');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    test('on a family function, an admin token without the standing is served without admin powers', async () => {
      const handler = testHandler('user', async (e) => e.caller);
      pool(['admin', 'teachers']);
      expect(parse(await handler(tokenAdmin(), context)).body.data).toMatchObject({
        groups: ['admin', 'teachers'],
        isAdmin: false,
      });
      pool(['admin'], ['SOFTWARE_TOKEN_MFA']);
      expect(parse(await handler(tokenAdmin(), context)).body.data).toMatchObject({ groups: ['admin'], isAdmin: true });
    });
  });

  test('a typed failure keeps its status and code', async () => {
    const handler = testHandler('public', async () => {
      throw notFound('No such class.');
    });
    expect(parse(await handler(event('{"count":1}'), context))).toEqual({
      statusCode: 404,
      body: { error: { code: 'not-found', message: 'No such class.' } },
    });
  });

  test('an unexpected failure is a 500 internal whose detail stays in the log', async () => {
    const log = captureLog();
    const handler = portalHandler('semesters', async () => {
      // As an AWS error of a failed condition carries it: the item's values, which stay out of the log.
      throw Object.assign(new Error('secret table detail'), { Item: { email: 'parent@example.com' } });
    });
    const result = parse(await handler(event(''), context));
    log.restore();
    expect(result.statusCode).toBe(500);
    expect(result.body.error?.code).toBe('internal');
    expect(JSON.stringify(result.body)).not.toContain('secret table detail');
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        function: 'semesters',
        error: { name: 'Error', message: 'secret table detail', stack: expect.stringContaining('secret table detail') },
      }),
    ]);
    expect(log.text()).not.toContain('parent@example.com');
  });

  test("the log line of a call carries the call's Lambda request id and the stack's name as its service", async () => {
    const log = captureLog();
    await portalHandler('semesters', async () => {
      throw new Error('boom');
    })(event(''), { ...context, functionName: 'RegistrationPortal-semesters' });
    log.restore();
    expect(log.lines()).toEqual([
      expect.objectContaining({
        function_request_id: 'req-1',
        function_name: 'RegistrationPortal-semesters',
        service: 'RegistrationPortal-unit',
      }),
    ]);
  });

  test("the log line of a call through the API carries the API's request id, and the next call's does not", async () => {
    const log = captureLog();
    const failing = portalHandler('semesters', async () => {
      throw new Error('boom');
    });
    const throughApi = event('');
    throughApi.requestContext = {
      ...throughApi.requestContext,
      requestId: 'api-req-1',
    } as typeof throughApi.requestContext;
    await failing(throughApi, context);
    await failing(event(''), context);
    log.restore();
    expect(log.lines()).toEqual([
      expect.objectContaining({ correlation_id: 'api-req-1', function_request_id: 'req-1' }),
      expect.not.objectContaining({ correlation_id: expect.anything() }),
    ]);
  });

  test('AWS busy past the retries is a 429 resource-exhausted, logged as the stack tests count it', async () => {
    const log = captureLog();
    const handler = portalHandler('semesters', async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: {} });
    });
    const result = parse(await handler(event(''), context));
    log.restore();
    expect(result).toMatchObject({ statusCode: 429, body: { error: { code: 'resource-exhausted' } } });
    expect(busyAnswers(log.text())).toEqual({ 'semesters ThrottlingException': 1 });
  });

  test('a call out of attempts or time is a 429 "very busy" whose cause is logged, not told', async () => {
    const log = captureLog();
    const handler = portalHandler('semesters', async () => {
      throw portalBusy("the answer's read ran past the function's time");
    });
    const result = parse(await handler(event(''), context));
    log.restore();
    expect(result).toEqual({ statusCode: 429, body: { error: { code: 'resource-exhausted', message: BUSY_MESSAGE } } });
    expect(busyAnswers(log.text())).toEqual({ "semesters the answer's read ran past the function's time": 1 });
  });
});

describe('the manifest decides which handler a function builds', () => {
  const run = async () => ({}) as never;
  test.each([
    ['portalHandler', 'students', () => portalHandler('students', run), 'build its handler with familyHandler'],
    ['portalHandler', 'enroll', () => portalHandler('enroll', run), 'build its handler with limitedHandler'],
    ['familyHandler', 'roles', () => familyHandler('roles', run), 'build its handler with portalHandler'],
    ['familyHandler', 'enroll', () => familyHandler('enroll', run), 'build its handler with limitedHandler'],
    ['limitedHandler', 'students', () => limitedHandler('students', run), 'build its handler with familyHandler'],
    ['limitedHandler', 'semesters', () => limitedHandler('semesters', run), 'build its handler with portalHandler'],
  ])('%s refuses %s', (_handler, _name, build, message) => {
    expect(build).toThrow(message);
  });

  test.each([
    ['portalHandler', 'roles', () => portalHandler('roles', run)],
    ['familyHandler', 'students', () => familyHandler('students', run)],
    ['limitedHandler', 'enroll', () => limitedHandler('enroll', run)],
  ])('%s builds %s', (_handler, _name, build) => {
    expect(typeof build()).toBe('function');
  });
});
