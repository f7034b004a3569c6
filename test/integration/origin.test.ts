// The API answers only calls that came through CloudFront: CloudFront adds the secret origin header, the
// functions check it against Secrets Manager. Locally the gateway plays CloudFront (it adds the header) and
// Secrets Manager; the same handler code checks it. A call straight to the API (its execute-api address in
// AWS, here the handler invoked without the gateway) is refused.
import type { Context } from 'aws-lambda';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { randomUUID } from 'node:crypto';
import { LOCAL_ORIGIN_SECRET_ID, SECRETS_MANAGER_PATH } from '../../infra/local/secretsManager';
import { awsJsonCall } from '../../lambdas/platform/awsJson';
import { feedModule, handlerModule } from '../../lambdas/platform/deployment';
import type { PortalEvent } from '../../lambdas/platform/handler';
import { ORIGIN_HEADER } from '../../lambdas/platform/originCheck';
import { portalUrl, post } from '../support/portal';

const secretsEndpoint = () => `${portalUrl()}${SECRETS_MANAGER_PATH}`;
type Handler = (event: PortalEvent, context: Context) => Promise<{ statusCode: number; body: string }>;

/** A function as the stack deploys it: told which secret to check. */
async function deployed(module = handlerModule('config')): Promise<Handler> {
  Object.assign(process.env, { ORIGIN_SECRET_ID: LOCAL_ORIGIN_SECRET_ID, SECRETS_MANAGER_ENDPOINT: secretsEndpoint() });
  let handler: Handler | undefined;
  await jest.isolateModulesAsync(async () => {
    handler = ((await import(`../../${module}`)) as { handler: Handler }).handler;
  });
  return handler!;
}

async function call(handler: Handler, headers: Record<string, string>) {
  const event = {
    version: '2.0',
    routeKey: 'POST /fn/config',
    rawPath: '/api/fn/config',
    headers,
    body: '{}',
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), http: { method: 'POST' } },
  } as unknown as PortalEvent;
  const result = await handler(event, { awsRequestId: randomUUID() } as unknown as Context);
  const json = result.body.startsWith('{');
  return {
    status: result.statusCode,
    body: (json ? JSON.parse(result.body) : {}) as { data?: unknown; error?: { code: string } },
  };
}

const currentSecret = async () =>
  (
    await awsJsonCall<{ SecretString: string }>({
      endpoint: secretsEndpoint(),
      service: 'secretsmanager',
      target: 'secretsmanager.GetSecretValue',
      input: { SecretId: LOCAL_ORIGIN_SECRET_ID },
    })
  ).SecretString;

afterAll(() => {
  delete process.env.ORIGIN_SECRET_ID;
  delete process.env.SECRETS_MANAGER_ENDPOINT;
});

describe('given the deployed configuration, when a call reaches the function', () => {
  test('without the origin header (straight to the API), then it is refused with 403 and the function does not run', async () => {
    const handler = await deployed();
    expect(await call(handler, {})).toEqual({
      status: 403,
      body: {
        error: {
          code: 'permission-denied',
          message: "This is not the portal's address: call the portal through its site.",
        },
      },
    });
  });

  test('of the calendar feed without the header, then it is refused too', async () => {
    const feed = await deployed(feedModule('calendarFeed'));
    expect((await call(feed, {})).status).toBe(403);
    expect((await call(feed, { [ORIGIN_HEADER]: await currentSecret() })).status).toBe(200);
  });

  test('with a value that is not the secret, then it is refused', async () => {
    const handler = await deployed();
    const secret = await currentSecret();
    expect((await call(handler, { [ORIGIN_HEADER]: 'guessed' })).status).toBe(403);
    expect((await call(handler, { [ORIGIN_HEADER]: `${secret}x` })).status).toBe(403);
  });

  test('with the header as CloudFront adds it (any case), then it is answered', async () => {
    const handler = await deployed();
    const secret = await currentSecret();
    const answer = await call(handler, { 'X-Origin-Verify': secret });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveProperty('values');
  });
});

test('through the local gateway, which adds the header as CloudFront does, calls are answered, a forged header replaced', async () => {
  expect((await post('config', '{}')).status).toBe(200);
  expect((await post('config', '{}', { [ORIGIN_HEADER]: 'forged' })).status).toBe(200);
  const feed = await fetch(`${portalUrl()}/api/calendar.ics`);
  expect(feed.status).toBe(200);
});

test("the local Secrets Manager gives the secret only to calls signed with the stack's credentials", async () => {
  const unsigned = await fetch(`${secretsEndpoint()}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: LOCAL_ORIGIN_SECRET_ID }),
  });
  expect(unsigned.status).toBe(403);
  expect(await unsigned.text()).not.toContain(await currentSecret());
  // Signed, but with credentials other than the stack's.
  const url = new URL(`${secretsEndpoint()}/`);
  const body = JSON.stringify({ SecretId: LOCAL_ORIGIN_SECRET_ID });
  const signed = await new SignatureV4({
    service: 'secretsmanager',
    region: 'local',
    sha256: Sha256,
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: 'not-the-stack-secret' },
  }).sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: {
      host: url.host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body,
  });
  const { host: _host, ...headers } = signed.headers;
  expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(403);
});
