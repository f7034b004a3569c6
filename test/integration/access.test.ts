// Who may call what: the authorizer's token check on user routes, the optional token on public ones.
import { call, signInAdmin, signUpFamily, tokenClaims } from '../support/portal';

describe('caller identity', () => {
  test('given no token, when roles is called, then 401 unauthenticated', async () => {
    const result = await call('roles');
    expect(result.status).toBe(401);
    expect(result.body.error?.code).toBe('unauthenticated');
  });

  test('given a new family, when it calls roles, then it has no roles', async () => {
    const family = await signUpFamily();
    expect(await call('roles', {}, family.accessToken)).toEqual({ status: 200, body: { data: [] } });
  });

  test('given the admin account, when it calls roles, then it is admin', async () => {
    const admin = await signInAdmin();
    expect(await call('roles', {}, admin.accessToken)).toEqual({ status: 200, body: { data: ['admin'] } });
  });

  test('a tampered, an ID or a made-up token gets 401 on a user route and on a public route', async () => {
    const admin = await signInAdmin();
    const [header, , signature] = admin.accessToken.split('.') as [string, string, string];
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...tokenClaims(admin.accessToken), sub: 'someone-else' })).toString('base64url')}.${signature}`;
    for (const token of [forged, `${admin.accessToken.slice(0, -4)}AAAA`, admin.idToken, 'not-a-jwt']) {
      const onUserRoute = await call('roles', {}, token);
      expect(onUserRoute.status).toBe(401);
      expect(onUserRoute.body.error?.code).toBe('unauthenticated');
      const onPublicRoute = await call('semesters', {}, token);
      expect(onPublicRoute.status).toBe(401);
    }
  });
});
