// Deleting an account: enrollments cancelled (the waitlist moves up), students and the user gone.
import type { NamedEnrollment } from '../../lambdas/records';
import { classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, signIn } from '../support/portal';

test('given a family holding a seat and a waitlist place, when it deletes its account, then the waiting child of another family is promoted and the account is gone', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const leaving = await familyWithStudents(2, 'leaving');
  const staying = await familyWithStudents(1, 'staying');
  await data('enroll', { studentId: leaving.students[0]!.id, classId: cls.id }, leaving.family.accessToken);
  await data('enroll', { studentId: staying.students[0]!.id, classId: cls.id }, staying.family.accessToken);
  await data('enroll', { studentId: leaving.students[1]!.id, classId: cls.id }, leaving.family.accessToken);

  expect(await data('deleteAccount', {}, leaving.family.accessToken)).toEqual({});

  const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, staying.family.accessToken);
  expect(enrollments[0]).toMatchObject({ classId: cls.id, status: 'enrolled' });
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  await expect(signIn(leaving.family.email, leaving.family.password)).rejects.toThrow();
  // The deleted user's token is still signed, but nothing of the family is left behind it.
  expect(await data('students', {}, leaving.family.accessToken)).toEqual({ students: [] });
});

test('deleting an account twice (a retried call) is fine', async () => {
  const { family } = await familyWithStudents(1);
  expect((await call('deleteAccount', {}, family.accessToken)).status).toBe(200);
  expect((await call('deleteAccount', {}, family.accessToken)).status).toBe(200);
});
