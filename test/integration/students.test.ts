// A family's students: adding, changing, validation, privacy, and deletion rules.
import type { Student } from '../../lambdas/contract/records';
import {
  addStudent,
  adminSession,
  familyWithStudents,
  newClass,
  openSemester,
  studentInput,
} from '../support/fixtures';
import { dynamo } from '../../lambdas/platform/dynamo';
import { invoke } from '../support/in-process';
import { call, data, signUpFamily } from '../support/portal';

describe('students', () => {
  test('given a new family, when it adds a child and changes their details, then its list shows the child as saved', async () => {
    const family = await signUpFamily();
    expect(await data('students', {}, family.accessToken)).toEqual({ students: [] });
    const added = await addStudent(family, { allergies: 'Peanuts', photoConsent: true });
    expect(added).toMatchObject({
      ...studentInput({ allergies: 'Peanuts', photoConsent: true }),
      id: expect.any(String),
    });
    const { student: changed } = await data<{ student: Student }>(
      'saveStudent',
      { ...studentInput({ school: 'Ridge Elementary' }), id: added.id },
      family.accessToken,
    );
    expect(changed.school).toBe('Ridge Elementary');
    expect(changed.allergies).toBeUndefined();
    expect((await data<{ students: Student[] }>('students', {}, family.accessToken)).students).toEqual([changed]);
  });

  test.each([
    ['no emergency contact', { emergencyContacts: [] }, 'emergencyContacts: must list at least one contact'],
    [
      'a contact without a phone number',
      { emergencyContacts: [{ name: 'Pat', phone: 'call me' }] },
      'emergencyContacts[0].phone: must be a phone number',
    ],
    ['an impossible birth date', { birthDate: '2014-02-30' }, 'birthDate: is not a real date'],
    ['a birth date in the future', { birthDate: '2099-01-01' }, 'birthDate: must be in the past'],
    ['a size the programme does not offer', { tshirtSize: 'XXXL' }, 'tshirtSize: "XXXL" is not a size we offer'],
    ['an empty first name', { firstName: '  ' }, 'firstName: is required'],
  ])('given %s, then 400 naming the field and nothing is saved', async (_case, change, message) => {
    const family = await signUpFamily();
    const answer = await call('saveStudent', { ...studentInput(), ...change }, family.accessToken);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message.startsWith(message)).toBe(true);
    expect(await data('students', {}, family.accessToken)).toEqual({ students: [] });
  });

  test("another family can neither change nor delete a family's child (404)", async () => {
    const owner = await familyWithStudents(1);
    const stranger = await signUpFamily('stranger');
    const id = owner.students[0]!.id;
    expect(
      (await call('saveStudent', { ...studentInput({ firstName: 'Mallory' }), id }, stranger.accessToken)).status,
    ).toBe(404);
    expect((await call('deleteStudent', { id }, stranger.accessToken)).status).toBe(404);
    expect((await data<{ students: Student[] }>('students', {}, owner.family.accessToken)).students[0]!.firstName).toBe(
      'Child1',
    );
  });

  test('an administrator may correct any family’s child', async () => {
    const owner = await familyWithStudents(1);
    const id = owner.students[0]!.id;
    const admin = await adminSession();
    expect(
      (await call('saveStudent', { ...studentInput({ medications: 'Inhaler' }), id }, admin.accessToken)).status,
    ).toBe(200);
    expect(
      (await data<{ students: Student[] }>('students', {}, owner.family.accessToken)).students[0]!.medications,
    ).toBe('Inhaler');
  });

  test('given a child with an active enrollment, when the family deletes them, then 409 says why; once cancelled, deletion works', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const { family, students } = await familyWithStudents(1);
    await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    const refused = await call('deleteStudent', { id: students[0]!.id }, family.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'failed-precondition',
      message: 'Child1 Tester is enrolled or waitlisted in 1 class: cancel those enrollments first.',
    });
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, family.accessToken);
    expect((await call('deleteStudent', { id: students[0]!.id }, family.accessToken)).status).toBe(200);
    expect(await data('students', {}, family.accessToken)).toEqual({ students: [] });
    expect(await data('myEnrollments', {}, family.accessToken)).toEqual({ enrollments: [] });
  });
});

describe('adding the same child twice, and the cap of students', () => {
  test('given the same add pressed five times at once, then one student is added and the other calls get 409', async () => {
    const family = await signUpFamily();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('saveStudent', studentInput({ firstName: 'Twice' }), family.accessToken)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toEqual({
      code: 'already-exists',
      message: 'Twice Tester, born Mar 15, 2014, is already one of your students.',
    });
    expect((await data<{ students: Student[] }>('students', {}, family.accessToken)).students).toHaveLength(1);
  });

  test('a name written in another case or spacing is the same child; a change to a sibling’s name and birth date is refused, a free one moves the marker', async () => {
    const { family, students } = await familyWithStudents(2);
    expect(
      (await call('saveStudent', studentInput({ firstName: ' child1 ', lastName: 'TESTER' }), family.accessToken))
        .status,
    ).toBe(409);
    expect(
      (await call('saveStudent', { ...studentInput({ firstName: 'Child1' }), id: students[1]!.id }, family.accessToken))
        .status,
    ).toBe(409);
    expect(
      (
        await call(
          'saveStudent',
          { ...studentInput({ firstName: 'Renamed' }), id: students[1]!.id },
          family.accessToken,
        )
      ).status,
    ).toBe(200);
    expect((await call('saveStudent', studentInput({ firstName: 'Child2' }), family.accessToken)).status).toBe(200);
  });

  test('given 19 students, when five more are added at once (each read slowed), then the family has exactly 20', async () => {
    const { family } = await familyWithStudents(19);
    // Every read answers late, so the five calls overlap whatever they read.
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return result;
      },
      { step: 'initialize', name: 'slowReads' },
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        invoke('saveStudent', studentInput({ firstName: `Extra${index}` }), family),
      ),
    ).finally(() => dynamo.middlewareStack.remove('slowReads'));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.body.error?.message).toBe(
      'A family can have at most 20 students.',
    );
    expect((await data<{ students: Student[] }>('students', {}, family.accessToken)).students).toHaveLength(20);
  });
});
