// The parts of the local stack the web app and other programs rely on.
import { CognitoIdentityProviderClient, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { outbox, portalUrl, signUpFamily } from '../support/portal';

describe('the local stack', () => {
  test('config.json names the pool, the client, cognito-local and the API base', async () => {
    const config = (await (await fetch(`${portalUrl()}/config.json`)).json()) as Record<string, string>;
    expect(config).toEqual({
      region: 'local',
      userPoolId: process.env.USER_POOL_ID,
      userPoolClientId: process.env.USER_POOL_CLIENT_ID,
      userPoolEndpoint: `${portalUrl()}/_cognito/`,
      apiBaseUrl: '/api',
    });
  });

  test('a route of the web app is answered with the app (SPA fallback), a missing asset with 404', async () => {
    const page = await fetch(`${portalUrl()}/account/enrollments`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${portalUrl()}/assets/missing.js`)).status).toBe(404);
  });

  test('given a family that forgot its password, when it asks for a reset, then the outbox holds a mail linking to the reset screen with the code', async () => {
    const family = await signUpFamily('forgetful');
    const pool = new CognitoIdentityProviderClient({ endpoint: `${portalUrl()}/_cognito`, region: 'local', credentials: { accessKeyId: 't', secretAccessKey: 't' } });
    await pool.send(new ForgotPasswordCommand({ ClientId: process.env.USER_POOL_CLIENT_ID, Username: family.email }));
    const mail = (await outbox()).filter((message) => message.to === family.email).at(-1);
    expect(mail?.subject).toBe('Reset your Registration Portal password');
    const link = /(http:\/\/\S+\/user\/reset\?\S+)/.exec(mail!.text)?.[1];
    const url = new URL(link!);
    expect(url.searchParams.get('email')).toBe(family.email);
    expect(url.searchParams.get('code')).toMatch(/^\d{6}$/);
    expect(mail!.text).toMatch(/If you did not ask for this/);
  });
});
