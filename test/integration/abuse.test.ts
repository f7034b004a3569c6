// An account that calls too often is stopped with a message; other families are not affected.
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call } from '../support/portal';

test('given a script enrolling from one account in a storm, then calls beyond the per-user limit get 429 with a message, and another family still enrolls', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 100 });
  const storm = await familyWithStudents(1, 'storm');
  // 70 calls: even if the storm straddles two one-minute windows, one of them sees more than 30.
  const answers = await Promise.all(Array.from({ length: 70 }, () => call('enroll', { studentId: storm.students[0]!.id, classId: cls.id }, storm.family.accessToken)));
  const statuses = answers.map((answer) => answer.status);
  // One enrollment, the others "already enrolled" until the limit, then "too often".
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(70 - 2 * 30);
  expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
  const limited = answers.find((answer) => answer.status === 429)!;
  expect(limited.body.error).toMatchObject({ code: 'resource-exhausted', message: expect.stringMatching(/^You are doing this too often\. Please wait \d+ seconds and try again\.$/) });

  const other = await familyWithStudents(1, 'calm');
  expect((await call('enroll', { studentId: other.students[0]!.id, classId: cls.id }, other.family.accessToken)).status).toBe(200);
});
