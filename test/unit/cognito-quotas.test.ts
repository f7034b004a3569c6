// The local user pool's guard with Cognito's request-rate quotas on (PORTAL_COGNITO_QUOTAS=on): over a category's
// calls a second it answers TooManyRequestsException as Cognito does, each category counted apart; off, it lets
// every call through. A real HTTP server in front of a stand-in for cognito-local that counts what reaches it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COGNITO_QUOTAS } from '../../infra/cognitoQuotas';
import { guardedUserPool } from '../../infra/local/cognitoGuard';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** The second the guard counts in: the tests move it on, so a loaded machine cannot spread their calls over two. */
let now = 1_000_000;

async function userPool(quotas: boolean) {
  const reached: string[] = [];
  const server = createServer(
    guardedUserPool(
      (req, res) => {
        reached.push(String(req.headers['x-amz-target']));
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}');
      },
      {
        credentials: { accessKeyId: 'LOCALTEST', secretAccessKey: 'secret' },
        mountPath: '/_cognito',
        quotas,
        clock: () => now,
      },
    ),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const send = async (operation: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: '{}',
    });
    return { status: response.status, type: ((await response.json()) as { __type?: string }).__type };
  };
  return { reached, send };
}

const times = <T>(count: number, call: () => Promise<T>) => Promise.all(Array.from({ length: count }, call));

test('on: 150 sign-ins in a second, 120 reach the pool and 30 are answered TooManyRequestsException; sign-ups count apart', async () => {
  const { reached, send } = await userPool(true);
  const answers = await times(150, () => send('InitiateAuth'));
  const forgotten = await times(40, () => send('ForgotPassword'));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(COGNITO_QUOTAS.UserAuthentication.perSecond);
  expect(answers.filter((answer) => answer.status === 400)).toEqual(
    Array.from({ length: 30 }, () => ({ status: 400, type: 'TooManyRequestsException' })),
  );
  expect(forgotten.filter((answer) => answer.status === 200)).toHaveLength(
    COGNITO_QUOTAS.UserAccountRecovery.perSecond,
  );
  expect(reached).toHaveLength(120 + 30);
});

test('on: the next second takes as many again', async () => {
  const { send } = await userPool(true);
  await times(120, () => send('InitiateAuth'));
  expect((await send('InitiateAuth')).type).toBe('TooManyRequestsException');
  now += 999;
  expect((await send('InitiateAuth')).type).toBe('TooManyRequestsException');
  now += 2;
  expect((await send('InitiateAuth')).status).toBe(200);
});

test('off (the default): every call reaches the pool', async () => {
  const { reached, send } = await userPool(false);
  const answers = await times(150, () => send('InitiateAuth'));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  expect(reached).toHaveLength(150);
});
