// `npm run users -- export / restore` against the running local stack (cognito-local and DynamoDB Local): a
// family and an administrator lost from the pool come back with their group and language, and the family finds its
// child and enrollment again under its new account.
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_GROUP } from '../../lambdas/contract/manifest';
import type { PoolBackup } from '../../infra/pool-backup';
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data, enrollAndWait, signIn, signUpFamily, userPool } from '../support/portal';

const run = promisify(execFile);
const users = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'infra/users-command.ts', ...args], {
    env: { ...process.env, PORTAL_DATA_DIR: process.env.PORTAL_TEST_DATA_DIR },
  });
const poolId = () => JSON.parse(readFileSync(join(process.env.PORTAL_TEST_DATA_DIR!, 'stack.json'), 'utf8')).userPoolId;
const subOf = async (email: string) =>
  (await userPool().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }))).UserAttributes!.find(
    (attribute) => attribute.Name === 'sub',
  )!.Value!;

test('given a family with an enrollment and an administrator, when both accounts are lost and restored from the export, then they sign in again (after a password reset) to the same child, enrollment and group', async () => {
  const { family, students } = await familyWithStudents(1, 'restored');
  const semester = await openSemester();
  const cls = await newClass(semester.id);
  expect((await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken)).status).toBe(200);
  // The family reads Spanish: the user pool's codes keep coming in Spanish after the restore.
  await data('saveLanguage', { language: 'es' }, family.accessToken);
  const admin = await signUpFamily('restored-admin');
  await userPool().send(
    new AdminAddUserToGroupCommand({ UserPoolId: poolId(), Username: admin.email, GroupName: ADMIN_GROUP }),
  );

  const file = join(mkdtempSync(join(tmpdir(), 'portal-users-')), 'users.json');
  expect((await users('export', file)).stdout).toMatch(/accounts and \d+ groups of .* written to/);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const backup = JSON.parse(readFileSync(file, 'utf8')) as PoolBackup;
  expect(backup.users.find((user) => user.email === admin.email)).toMatchObject({
    sub: admin.sub,
    emailVerified: true,
    status: 'CONFIRMED',
    groups: [ADMIN_GROUP],
  });
  expect(backup.users.find((user) => user.email === admin.email)).not.toHaveProperty('locale');
  expect(backup.users.find((user) => user.email === family.email)).toMatchObject({ locale: 'es' });
  expect(backup.groups.map((group) => group.name)).toContain(ADMIN_GROUP);

  for (const { email } of [family, admin])
    await userPool().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: email }));
  const restored = await users('restore', file, '--only', `${family.email},${admin.email}`);
  expect(restored.stdout).toContain('2 accounts made again, 0 there already');
  // The family's profile, student, student name and enrollment pointer, and what names the family elsewhere.
  expect(
    Number(/(\d+) records moved to the families' restored accounts/.exec(restored.stdout)?.[1]),
  ).toBeGreaterThanOrEqual(4);

  const familySub = await subOf(family.email);
  const restoredFamily = await userPool().send(
    new AdminGetUserCommand({ UserPoolId: poolId(), Username: family.email }),
  );
  expect(restoredFamily.UserAttributes).toContainEqual({ Name: 'locale', Value: 'es' });
  expect(familySub).not.toBe(family.sub);
  // The account's own username (its new sub): the local pool lists groups by that, as Cognito does.
  const groups = await userPool().send(
    new AdminListGroupsForUserCommand({ UserPoolId: poolId(), Username: await subOf(admin.email) }),
  );
  expect(groups.Groups?.map((group) => group.GroupName)).toEqual([ADMIN_GROUP]);

  // Passwords are never exported: the family sets a new one (here as "Forgot your password?" would).
  await userPool().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId(),
      Username: family.email,
      Password: family.password,
      Permanent: true,
    }),
  );
  const again = await signIn(family.email, family.password);
  expect(again.sub).toBe(familySub);
  const { students: found } = await data<{ students: Array<{ id: string }> }>('students', {}, again.accessToken);
  expect(found.map((student) => student.id)).toEqual([students[0]!.id]);
  const { enrollments } = await data<{ enrollments: Array<{ classId: string; status: string }> }>(
    'myEnrollments',
    {},
    again.accessToken,
  );
  expect(enrollments.map((enrollment) => [enrollment.classId, enrollment.status])).toEqual([[cls.id, 'enrolled']]);

  // Restoring again changes nothing: the accounts are there, nothing is left to move.
  const twice = await users('restore', file, '--only', family.email);
  expect(twice.stdout).toContain('0 accounts made again, 1 there already');
  expect(twice.stdout).toContain('0 records moved');
});

test('a file that is not an export, an address not in it, or a missing argument fails with a message', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-users-')), 'other.json');
  await users('export', file);
  await expect(users('restore', file, '--only', 'nobody-at-all@example.com')).rejects.toMatchObject({
    stderr: expect.stringContaining('Not in the export: nobody-at-all@example.com.'),
  });
  await expect(users('restore', 'package.json')).rejects.toMatchObject({
    stderr: expect.stringContaining("This is not an export of the portal's user pool"),
  });
  await expect(users('restore')).rejects.toMatchObject({ stderr: expect.stringContaining('usage: npm run users') });
});
