// An account that calls too often is stopped with a message; other families are not affected. Guessing
// passwords is refused by the user pool, one answer per guess, and the account still works.
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { EnrollmentAnswer } from '../../lambdas/contract/records';
import { classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, portalUrl, signIn, signUpFamily } from '../support/portal';

test('given a script enrolling from one account in a storm, then calls beyond the per-user limit get 429 with a message, and another family still enrolls', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 100 });
  const storm = await familyWithStudents(1, 'storm');
  // 70 calls: the limit slides, so 30 pass at once and one more for every 2 s (a minute's share) the storm lasts.
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: 70 }, () =>
      call<EnrollmentAnswer>('enroll', { studentId: storm.students[0]!.id, classId: cls.id }, storm.family.accessToken),
    ),
  );
  const refilled = Math.ceil((Date.now() - started) / 2000);
  const statuses = answers.map((answer) => answer.status);
  // One request in line, and so one enrollment: the calls within the limit are answered with it while it is in
  // line, "already enrolled" once it is decided; the calls beyond the limit "too often".
  const inLine = answers.filter((answer) => answer.status === 200);
  expect(inLine.length).toBeGreaterThanOrEqual(1);
  expect(new Set(inLine.map((answer) => answer.body.data!.requestId)).size).toBe(1);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70 - 30 - refilled);
  expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
  const limited = answers.find((answer) => answer.status === 429)!;
  expect(limited.body.error).toMatchObject({
    code: 'resource-exhausted',
    message: expect.stringMatching(/^You are doing this too often\. Please wait \d+ seconds and try again\.$/),
  });

  const other = await familyWithStudents(1, 'calm');
  expect(
    (await call('enroll', { studentId: other.students[0]!.id, classId: cls.id }, other.family.accessToken)).status,
  ).toBe(200);
});

test('given a brute force on sign-in (60 wrong passwords at once), then each is refused as a wrong password, none with a 5xx, and the right password still signs in', async () => {
  const family = await signUpFamily('brute');
  const pool = new CognitoIdentityProviderClient({
    endpoint: `${portalUrl()}/_cognito`,
    region: 'local',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  const refusals = await Promise.all(
    Array.from({ length: 60 }, (_, attempt) =>
      pool
        .send(
          new InitiateAuthCommand({
            ClientId: process.env.USER_POOL_CLIENT_ID,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: family.email, PASSWORD: `guess-${attempt}` },
          }),
        )
        .then(
          () => 'signed in',
          (error: Error & { $metadata?: { httpStatusCode?: number } }) =>
            `${error.$metadata?.httpStatusCode} ${error.name}`,
        ),
    ),
  );
  // Cognito says NotAuthorizedException; cognito-local says InvalidPasswordException.
  expect(
    refusals.filter((refusal) => !/^400 (NotAuthorizedException|InvalidPasswordException)$/.test(refusal)),
  ).toEqual([]);
  expect((await signIn(family.email, family.password)).sub).toBe(family.sub);
  expect((await call('config')).status).toBe(200);
});
