// Who an account is and who is administrator: sign-up proves the address with a code, one account per
// address whatever its case, grants only to proven accounts with their second factor on, the second factor at
// sign-in, revocations that take effect at once, and the sign-up limit per client address.
import {
  AssociateSoftwareTokenCommand,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  UsernameExistsException,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { currentCode } from '../../infra/local/secondFactor';
import { SIGN_UP_LIMIT, SIGN_UP_TARGET } from '../../infra/signUpLimit';
import type { PoolAccount } from '../../lambdas/contract/manifest';
import { SECOND_FACTOR_NEEDED } from '../../lambdas/platform/adminStanding';
import { adminSession } from '../support/fixtures';
import {
  call,
  data,
  portalUrl,
  passwordStep,
  refreshed,
  secondFactorCode,
  signIn,
  signUpCode,
  signUpFamily,
  turnOnSecondFactor,
  userPool,
  type SignedIn,
} from '../support/portal';

const clientId = () => process.env.USER_POOL_CLIENT_ID!;
const password = () => `Pw-${randomUUID()}`;
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

function signUp(email: string, secret: string) {
  return userPool().send(
    new SignUpCommand({
      ClientId: clientId(),
      Username: email,
      Password: secret,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
}

async function grantedAdmin(name: string): Promise<SignedIn> {
  const account = await signUpFamily(name);
  await turnOnSecondFactor(account);
  await data('grantAdmin', { email: account.email }, (await adminSession()).accessToken);
  return signIn(account.email, account.password);
}

describe('sign-up proves the address', () => {
  test('a new account is unconfirmed until the code e-mailed to it is entered; then it signs in with its address verified', async () => {
    const email = uniqueEmail('proven');
    const secret = password();
    const answer = await signUp(email, secret);
    expect(answer.UserConfirmed).toBe(false);
    expect(answer.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    await expect(signIn(email, secret)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    const first = await signUpCode(email);
    await userPool().send(new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: email }));
    const second = await signUpCode(email);
    await expect(
      userPool().send(
        new ConfirmSignUpCommand({
          ClientId: clientId(),
          Username: email,
          ConfirmationCode: second === '000000' ? '111111' : '000000',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await userPool().send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: second }),
    );
    expect(first).toMatch(/^\d{6}$/);
    const family = await signIn(email, secret);
    const { account } = await data<{ account: PoolAccount }>(
      'adminAccount',
      { email },
      (await adminSession()).accessToken,
    );
    expect(account).toMatchObject({ email, sub: family.sub, verified: true, confirmed: true });
  });

  test('an address is one account whatever its case: a case variant cannot sign up, and any case signs in', async () => {
    const email = uniqueEmail('New.Staff');
    const secret = password();
    await signUp(email, secret);
    await userPool().send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: await signUpCode(email) }),
    );
    await expect(signUp(email.toLowerCase(), password())).rejects.toBeInstanceOf(UsernameExistsException);
    await expect(signUp(email.toUpperCase(), password())).rejects.toBeInstanceOf(UsernameExistsException);
    expect((await signIn(email.toLowerCase(), secret)).sub).toBe((await signIn(email, secret)).sub);
  });

  test('a family that changes its address keeps the proven one until the new one is proven with its code', async () => {
    const family = await signUpFamily('moving');
    const moved = uniqueEmail('moved');
    await userPool().send(
      new UpdateUserAttributesCommand({
        AccessToken: family.accessToken,
        UserAttributes: [{ Name: 'email', Value: moved }],
      }),
    );
    const { UserAttributes } = await userPool().send(new GetUserCommand({ AccessToken: family.accessToken }));
    const attribute = (name: string) => UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
    expect([attribute('email'), attribute('email_verified')]).toEqual([family.email, 'true']);
  });
});

describe('granting admin access', () => {
  test('an account that has not confirmed its address is refused with a clear 409, and stays a family', async () => {
    const email = uniqueEmail('squatter');
    await signUp(email, password());
    const admin = await adminSession();
    const result = await call('grantAdmin', { email }, admin.accessToken);
    expect(result).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'failed-precondition',
          message: expect.stringContaining('has not confirmed its e-mail address'),
        },
      },
    });
    expect(
      (await data<{ admins: Array<{ email: string }> }>('admins', {}, admin.accessToken)).admins.map(
        (member) => member.email,
      ),
    ).not.toContain(email);
    const { account } = await data<{ account: PoolAccount }>(
      'adminAccount',
      { email: email.toUpperCase() },
      admin.accessToken,
    );
    expect(account).toMatchObject({ email, verified: false, confirmed: false });
    expect(Date.now() - Date.parse(account.createdAt)).toBeLessThan(5 * 60_000);
  });

  test('a grant typed in another case reaches the one account of that address', async () => {
    const family = await signUpFamily('Case.Granted');
    await turnOnSecondFactor(family);
    const admin = await adminSession();
    const { admins } = await data<{ admins: Array<{ email: string; sub: string }> }>(
      'grantAdmin',
      { email: family.email.toUpperCase() },
      admin.accessToken,
    );
    expect(admins).toContainEqual({ email: family.email, sub: family.sub });
    await data('revokeAdmin', { email: family.email }, admin.accessToken);
  });

  test('an unknown address is 404', async () => {
    const result = await call('adminAccount', { email: uniqueEmail('nobody') }, (await adminSession()).accessToken);
    expect(result).toMatchObject({ status: 404, body: { error: { code: 'not-found' } } });
  });
});

describe('the second factor', () => {
  test('an account without it is not made administrator: a clear 409, and it stays a family', async () => {
    const family = await signUpFamily('no-second-factor');
    const admin = await adminSession();
    expect(await call('grantAdmin', { email: family.email }, admin.accessToken)).toMatchObject({
      status: 409,
      body: { error: { code: 'failed-precondition', message: expect.stringContaining('has no second factor yet') } },
    });
    const { admins } = await data<{ admins: Array<{ email: string }> }>('admins', {}, admin.accessToken);
    expect(admins.map((member) => member.email)).not.toContain(family.email);
  });

  test('a wrong code at set-up is refused as Cognito refuses it, and the second factor stays off', async () => {
    const family = await signUpFamily('wrong-setup-code');
    const { SecretCode } = await userPool().send(
      new AssociateSoftwareTokenCommand({ AccessToken: family.accessToken }),
    );
    const right = currentCode(SecretCode!);
    await expect(
      userPool().send(
        new VerifySoftwareTokenCommand({
          AccessToken: family.accessToken,
          UserCode: right === '000000' ? '111111' : '000000',
        }),
      ),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const { UserMFASettingList } = await userPool().send(new GetUserCommand({ AccessToken: family.accessToken }));
    expect(UserMFASettingList ?? []).toEqual([]);
  });

  test('with it on, the password alone does not sign in: a wrong code is refused, the right one signs in', async () => {
    const family = await signUpFamily('two-factors');
    await turnOnSecondFactor(family);
    const started = await passwordStep(family.email, family.password);
    expect([started.ChallengeName, started.AuthenticationResult]).toEqual(['SOFTWARE_TOKEN_MFA', undefined]);
    const answer = (code: string) =>
      userPool().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: started.Session,
          ChallengeResponses: { USERNAME: family.email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const right = secondFactorCode(family.email);
    await expect(answer(right === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const tokens = (await answer(right)).AuthenticationResult!;
    expect(tokens.AccessToken).toBeTruthy();
    // Its refresh token refreshes, as a sign-in with the password alone's does.
    const again = await userPool().send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: tokens.RefreshToken }),
    );
    expect(again.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('an administrator who turns it off is refused at every admin function at once, told why, and is a family elsewhere; on again, admitted', async () => {
    const admin = await grantedAdmin('second-factor-off');
    const setSecondFactor = (Enabled: boolean) =>
      userPool().send(
        new SetUserMFAPreferenceCommand({
          AccessToken: admin.accessToken,
          SoftwareTokenMfaSettings: { Enabled, PreferredMfa: Enabled },
        }),
      );
    await setSecondFactor(false);
    // The token still says admin: the user pool, asked at each call, says the second factor is off.
    for (const name of ['admins', 'saveConfig', 'adminTshirtSizes'] as const) {
      const result = await call(name, name === 'saveConfig' ? { values: {} } : {}, admin.accessToken);
      expect({ name, status: result.status, error: result.body.error }).toEqual({
        name,
        status: 403,
        error: { code: 'permission-denied', message: SECOND_FACTOR_NEEDED },
      });
    }
    // Still in the group (the web app shows where to turn it on), without admin powers.
    expect((await call('roles', {}, admin.accessToken)).body.data).toEqual(['admin']);
    await setSecondFactor(true);
    expect((await call('admins', {}, admin.accessToken)).status).toBe(200);
  });
});

describe('a revoked administrator', () => {
  test('cannot make itself admin again, remove the admin who revoked it or change the configuration with its old token, and its refresh token is refused', async () => {
    const revoked = await grantedAdmin('revoked');
    const revoker = await grantedAdmin('revoker');
    await data('revokeAdmin', { email: revoked.email }, revoker.accessToken);
    // The old access token still says "admin" and is valid for minutes: the group as it is now decides.
    for (const [name, payload] of [
      ['grantAdmin', { email: revoked.email }],
      ['revokeAdmin', { email: revoker.email }],
      ['saveConfig', { values: { announcement: 'taken over' } }],
    ] as const) {
      const result = await call(name, payload, revoked.accessToken);
      expect({ name, status: result.status, code: result.body.error?.code }).toEqual({
        name,
        status: 403,
        code: 'permission-denied',
      });
    }
    const admins = (await data<{ admins: Array<{ email: string }> }>('admins', {}, revoker.accessToken)).admins.map(
      (member) => member.email,
    );
    expect(admins).toContain(revoker.email);
    expect(admins).not.toContain(revoked.email);
    await expect(refreshed(revoked)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      userPool().send(
        new InitiateAuthCommand({
          ClientId: clientId(),
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: revoked.refreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await data('revokeAdmin', { email: revoker.email }, (await adminSession()).accessToken);
  });
});

/** A sign-up sent from a loopback address of the test's own (127.x.y.z), so no other test shares its count. */
function signUpFrom(
  localAddress: string,
  email: string,
): Promise<{ status: number; body: { __type?: string; message?: string } }> {
  const url = new URL(`${portalUrl()}/_cognito/`);
  const body = JSON.stringify({
    ClientId: clientId(),
    Username: email,
    Password: password(),
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': SIGN_UP_TARGET },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test(`one client address may start ${SIGN_UP_LIMIT.signUps} sign-ups in ${SIGN_UP_LIMIT.windowSeconds} s; the next is refused as WAF refuses it, another address still signs up`, async () => {
  const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  for (let i = 0; i < SIGN_UP_LIMIT.signUps; i += 1) {
    expect((await signUpFrom(address, uniqueEmail('burst'))).status).toBe(200);
  }
  const refused = await signUpFrom(address, uniqueEmail('burst'));
  expect(refused).toEqual({
    status: 403,
    body: { __type: 'ForbiddenException', message: 'Request not allowed due to WAF block.' },
  });
  const other = address.replace(/\d+$/, (last) => String((Number(last) % 250) + 1));
  expect((await signUpFrom(other, uniqueEmail('elsewhere'))).status).toBe(200);
});
