// The call the web app (Amplify) refreshes its tokens with when the access token expires,
// GetTokensFromRefreshToken, answered by the local pool as Cognito answers it: new ID and access tokens
// (no new refresh token: the app client does not rotate them), and NotAuthorizedException for a refresh
// token that is unknown, signed out everywhere, or whose user is disabled.
import {
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  GetTokensFromRefreshTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TOKEN_VALIDITY } from '../../infra/tokenValidity';
import { call, signIn, signUpFamily, tokenClaims, userPool } from '../support/portal';

const refresh = (refreshToken: string) =>
  userPool().send(
    new GetTokensFromRefreshTokenCommand({ ClientId: process.env.USER_POOL_CLIENT_ID, RefreshToken: refreshToken }),
  );

test('a valid refresh token gets new ID and access tokens of the same user, which the API takes, and no new refresh token', async () => {
  const family = await signUpFamily('refreshing');
  const { AuthenticationResult } = await refresh(family.refreshToken);
  expect(AuthenticationResult).toEqual({
    AccessToken: expect.any(String),
    IdToken: expect.any(String),
    ExpiresIn: TOKEN_VALIDITY.accessTokenMinutes * 60,
    TokenType: 'Bearer',
  });
  const access = tokenClaims(AuthenticationResult!.AccessToken!);
  expect(access).toMatchObject({ sub: family.sub, token_use: 'access' });
  expect(access.exp - access.iat).toBe(TOKEN_VALIDITY.accessTokenMinutes * 60);
  expect(tokenClaims(AuthenticationResult!.IdToken!)).toMatchObject({ sub: family.sub, email: family.email });
  const roles = await call('roles', {}, AuthenticationResult!.AccessToken!);
  expect(roles.status).toBe(200);
  // Without rotation the refresh token stays good.
  await expect(refresh(family.refreshToken)).resolves.toHaveProperty('AuthenticationResult.AccessToken');
});

test('a refresh token the pool never issued is refused with NotAuthorizedException', async () => {
  await expect(refresh('not-a-refresh-token')).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Invalid Refresh Token',
  });
});

test('after AdminUserGlobalSignOut, the refresh tokens of every session of the user are refused', async () => {
  const family = await signUpFamily('signed-out');
  const otherSession = await signIn(family.email, family.password);
  await userPool().send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: process.env.USER_POOL_ID, Username: family.email }),
  );
  for (const session of [family, otherSession])
    await expect(refresh(session.refreshToken)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
});

test("a disabled user's refresh token is refused with NotAuthorizedException", async () => {
  const family = await signUpFamily('disabled');
  await userPool().send(new AdminDisableUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: family.email }));
  await expect(refresh(family.refreshToken)).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'User is disabled.',
  });
});
