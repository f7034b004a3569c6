// `npm run admin` against the running local stack: the same group the admin functions manage.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { call, passwordStep, signIn, signUpFamily, turnOnSecondFactor, userPool } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';

const run = promisify(execFile);
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/admin-command.ts', ...args], {
    env: { ...process.env, PORTAL_DATA_DIR: process.env.PORTAL_TEST_DATA_DIR },
  });

test('given a family account, when it is granted admin from the command line, then its next sign-in has the admin role; revoking takes it away', async () => {
  const family = await signUpFamily('cli');
  await expect(admin('grant', family.email)).rejects.toMatchObject({
    stderr: expect.stringContaining(`${family.email} has no second factor yet`),
  });
  await turnOnSecondFactor(family);
  const granted = await admin('grant', family.email);
  expect(granted.stdout).toContain(`${family.email} is now an administrator`);
  expect((await call('roles', {}, (await signIn(family.email, family.password)).accessToken)).body.data).toEqual([
    'admin',
  ]);
  expect((await admin('list')).stdout).toContain(family.email);
  await admin('revoke', family.email);
  expect((await call('roles', {}, (await signIn(family.email, family.password)).accessToken)).body.data).toEqual([]);
});

test('an unknown e-mail or a missing argument fails with a message', async () => {
  await expect(admin('grant', 'nobody-at-all@example.com')).rejects.toMatchObject({
    stderr: expect.stringContaining('No account uses nobody-at-all@example.com'),
  });
  await expect(admin('grant')).rejects.toMatchObject({ stderr: expect.stringContaining('usage: npm run admin') });
});

test('code prints the code that signs the local admin account in', async () => {
  const { stdout } = await admin('code');
  expect(stdout).toMatch(new RegExp(`^\\d{6}  \\(${TEST_ADMIN.email}; a new code in \\d+ s\\)`));
  const started = await passwordStep(TEST_ADMIN.email, TEST_ADMIN.password);
  expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const answered = await userPool().send(
    new RespondToAuthChallengeCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: { USERNAME: TEST_ADMIN.email, SOFTWARE_TOKEN_MFA_CODE: stdout.slice(0, 6) },
    }),
  );
  expect(answered.AuthenticationResult?.AccessToken).toBeTruthy();
});

test('reset-second-factor turns it off for someone who lost the phone: the password alone signs in again', async () => {
  const family = await signUpFamily('lost-phone');
  await turnOnSecondFactor(family);
  const withCode = await passwordStep(family.email, family.password);
  expect(withCode.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  expect((await admin('reset-second-factor', family.email)).stdout).toContain(`${family.email}'s second factor is off`);
  const passwordOnly = await passwordStep(family.email, family.password);
  expect(passwordOnly.ChallengeName).toBeUndefined();
  expect(passwordOnly.AuthenticationResult?.AccessToken).toBeTruthy();
});
