// `npm run admin` against the running local stack: the same group the admin functions manage.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { call, signIn, signUpFamily } from '../support/portal';

const run = promisify(execFile);
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/admin-command.ts', ...args], {
    env: { ...process.env, PORTAL_DATA_DIR: process.env.PORTAL_TEST_DATA_DIR },
  });

test('given a family account, when it is granted admin from the command line, then its next sign-in has the admin role; revoking takes it away', async () => {
  const family = await signUpFamily('cli');
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
