// The parts of the local stack the web app and other programs rely on.
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { request } from 'node:http';
import { outbox, portalUrl, signUpFamily, userPool } from '../support/portal';

/** A request as any client on the network may send it, Host and Origin included. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const url = new URL(portalUrl());
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, method, path, headers: { host: url.host, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cognitoCall = (target: string, payload: unknown, headers: Record<string, string> = {}) =>
  rawRequest(
    'POST',
    '/_cognito/',
    {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    JSON.stringify(payload),
  );

describe('the local stack', () => {
  test('config.json names the pool, the client, cognito-local and the API base', async () => {
    const config = (await (await fetch(`${portalUrl()}/config.json`)).json()) as Record<string, string>;
    expect(config).toEqual({
      region: 'local',
      userPoolId: process.env.USER_POOL_ID,
      userPoolClientId: process.env.USER_POOL_CLIENT_ID,
      userPoolEndpoint: '/_cognito/',
      apiBaseUrl: '/api',
    });
  });

  test("config.json says nothing of the request's Host: a page reached under another name gets the same user pool path", async () => {
    const answer = await rawRequest('GET', '/config.json', { host: 'attacker.example:3000' });
    expect(JSON.parse(answer.text)).toMatchObject({ userPoolEndpoint: '/_cognito/' });
    expect(answer.text).not.toContain('attacker.example');
  });

  test("the user pool's admin calls need a signature with the stack's own credentials; anonymous and foreign ones are refused and change nothing", async () => {
    const family = await signUpFamily('would-be-admin');
    const grant = { UserPoolId: process.env.USER_POOL_ID, Username: family.email, GroupName: 'admin' };
    const unsigned = await cognitoCall('AdminAddUserToGroup', grant);
    expect(unsigned.status).toBe(403);
    expect(JSON.parse(unsigned.text)).toMatchObject({ __type: 'UnrecognizedClientException' });
    for (const credentials of [
      { accessKeyId: 'local', secretAccessKey: 'local' },
      { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: 'a-guessed-secret' },
    ]) {
      const guessed = new CognitoIdentityProviderClient({
        endpoint: `${portalUrl()}/_cognito`,
        region: 'local',
        credentials,
        maxAttempts: 1,
      });
      await expect(guessed.send(new AdminAddUserToGroupCommand(grant))).rejects.toMatchObject({
        name: 'UnrecognizedClientException',
      });
      for (const target of ['CreateUserPool', 'ListUsers', 'AdminSetUserPassword'])
        expect((await cognitoCall(target, {})).status).toBe(403);
    }
    const { Users } = await userPool().send(
      new ListUsersInGroupCommand({ UserPoolId: process.env.USER_POOL_ID, GroupName: 'admin' }),
    );
    expect(Users?.map((user) => user.Username)).not.toContain(family.sub);
  });

  test('no page of another origin may call the user pool or read the outbox, and no answer allows another origin', async () => {
    const foreign = { origin: 'http://attacker.example' };
    const signIn = await cognitoCall(
      'InitiateAuth',
      {
        ClientId: process.env.USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'a@example.com', PASSWORD: 'x' },
      },
      foreign,
    );
    expect(signIn.status).toBe(403);
    const preflight = await rawRequest('OPTIONS', '/_cognito/', {
      ...foreign,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-amz-target,content-type',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const sameOrigin = await cognitoCall(
      'InitiateAuth',
      {
        ClientId: process.env.USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'x' },
      },
      { origin: portalUrl() },
    );
    expect(sameOrigin.status).toBe(400);
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    const outboxRead = await rawRequest('GET', '/_local/outbox', foreign);
    expect(outboxRead.status).toBe(403);
    expect(outboxRead.text).not.toContain('messages');
    expect((await rawRequest('GET', '/_local/outbox', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await rawRequest('GET', '/_local/outbox')).status).toBe(200);
  });

  test('a route of the web app is answered with the app (SPA fallback), a missing asset with 404', async () => {
    const page = await fetch(`${portalUrl()}/account/enrollments`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${portalUrl()}/assets/missing.js`)).status).toBe(404);
  });

  test('given a family that forgot its password, when it asks for a reset, then the outbox holds a mail linking to the reset screen with the code', async () => {
    const family = await signUpFamily('forgetful');
    const pool = new CognitoIdentityProviderClient({
      endpoint: `${portalUrl()}/_cognito`,
      region: 'local',
      credentials: { accessKeyId: 't', secretAccessKey: 't' },
    });
    await pool.send(new ForgotPasswordCommand({ ClientId: process.env.USER_POOL_CLIENT_ID, Username: family.email }));
    const mail = (await outbox()).filter((message) => message.to === family.email).at(-1);
    // Named by the programme, as every e-mail is (the site's setting, or its default).
    expect(mail?.subject).toMatch(/^Reset your .+ password$/);
    const link = /(http:\/\/\S+\/user\/reset\?\S+)/.exec(mail!.text)?.[1];
    const url = new URL(link!);
    expect(url.searchParams.get('email')).toBe(family.email);
    expect(url.searchParams.get('code')).toMatch(/^\d{6}$/);
    expect(mail!.text).toMatch(/If you did not ask for this/);
  });
});
