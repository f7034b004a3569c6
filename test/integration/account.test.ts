// Deleting an account: enrollments cancelled (the waitlist moves up), students and the user gone.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { NamedEnrollment, Student } from '../../lambdas/contract/records';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';
import { adminSession, classNow, familyWithStudents, newClass, openSemester, studentInput } from '../support/fixtures';
import { invoke } from '../support/in-process';
import { call, data, signIn, type SignedIn } from '../support/portal';

test('given a family holding a seat and a waitlist place, when it deletes its account, then the waiting child of another family is promoted and the account is gone', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const leaving = await familyWithStudents(2, 'leaving');
  const staying = await familyWithStudents(1, 'staying');
  await data('enroll', { studentId: leaving.students[0]!.id, classId: cls.id }, leaving.family.accessToken);
  await data('enroll', { studentId: staying.students[0]!.id, classId: cls.id }, staying.family.accessToken);
  await data('enroll', { studentId: leaving.students[1]!.id, classId: cls.id }, leaving.family.accessToken);

  expect(await data('deleteAccount', {}, leaving.family.accessToken)).toEqual({});

  const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>(
    'myEnrollments',
    {},
    staying.family.accessToken,
  );
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

describe('a deleted account', () => {
  test("given a deleted account, when its still-valid token adds a child or enrolls, then 403 'This account has been deleted.' and nothing is written", async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, { capacity: 3 });
    const { family, students } = await familyWithStudents(1, 'deleted');
    await data('deleteAccount', {}, family.accessToken);

    for (const answer of [
      await call('saveStudent', studentInput({ firstName: 'Ghost' }), family.accessToken),
      await call('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken),
    ]) {
      expect([answer.status, answer.body.error?.message]).toEqual([403, 'This account has been deleted.']);
    }
    expect((await call('saveStudent', { ...studentInput(), id: students[0]!.id }, family.accessToken)).status).toBe(
      404,
    );
    expect(await data('students', {}, family.accessToken)).toEqual({ students: [] });
    expect(await data('myEnrollments', {}, family.accessToken)).toEqual({ enrollments: [] });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
  });

  test('given an administrator enrolling a child of a family that deleted its account meanwhile, then 403 and no seat is taken', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, { capacity: 3 });
    const { family, students } = await familyWithStudents(1, 'deleted');
    // The student item stays as it was read before the deletion: only the family's tombstone can refuse.
    const student = await rawItem(`FAMILY#${family.sub}`, `STUDENT#${students[0]!.id}`);
    await data('deleteAccount', {}, family.accessToken);
    await dynamo.send(new PutCommand({ TableName: tableName, Item: student! }));
    const answer = await call(
      'enroll',
      { studentId: students[0]!.id, classId: cls.id },
      (await adminSession()).accessToken,
    );
    expect([answer.status, answer.body.error?.message]).toEqual([403, 'This account has been deleted.']);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
  });
});

describe('deleting an account while the family still adds and enrolls', () => {
  /** Before each read of the family's partition by the deletion, the family adds a child and enrolls them (the old token still works). */
  function familyKeepsEnrolling(family: SignedIn, classId: string) {
    const answers: number[] = [];
    let index = 0;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        if (
          context.commandName === 'QueryCommand' &&
          input.ExpressionAttributeValues?.[':partition'] === `FAMILY#${family.sub}` &&
          index < 4
        ) {
          index += 1;
          const added = await call<{ student: Student }>(
            'saveStudent',
            studentInput({ firstName: `Late${index}` }),
            family.accessToken,
          );
          answers.push(added.status);
          if (added.status === 200)
            answers.push(
              (await call('enroll', { studentId: added.body.data!.student.id, classId }, family.accessToken)).status,
            );
        }
        return next(args);
      },
      { step: 'initialize', name: 'familyKeepsEnrolling' },
    );
    return answers;
  }
  afterEach(() => dynamo.middlewareStack.remove('familyKeepsEnrolling'));

  test('then no student holding a seat is deleted: every seat of the class is on its roster, and the class ends empty', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, { capacity: 1 });
    const { family, students } = await familyWithStudents(1, 'racing');
    await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    const waiting = await familyWithStudents(1, 'waiting');
    await data('enroll', { studentId: waiting.students[0]!.id, classId: cls.id }, waiting.family.accessToken);

    const answers = familyKeepsEnrolling(family, cls.id);
    const deleted = await invoke('deleteAccount', {}, family);
    dynamo.middlewareStack.remove('familyKeepsEnrolling');

    expect(deleted.statusCode).toBe(200);
    const { roster, waitlist } = await data<{ roster: unknown[]; waitlist: unknown[] }>(
      'classRoster',
      { classId: cls.id },
      (await adminSession()).accessToken,
    );
    expect(await classNow(cls.id)).toMatchObject({ enrolled: roster.length, waitlisted: waitlist.length });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
    expect(
      await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, waiting.family.accessToken),
    ).toMatchObject({ enrollments: [{ status: 'enrolled' }] });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 403)).toBe(true);
  });
});

test('given an active enrollment whose student is gone (left behind by an earlier deletion), when an administrator cancels it, then the seat is freed and goes to the waitlist', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const orphaned = await familyWithStudents(1, 'orphaned');
  const waiting = await familyWithStudents(1, 'waiting');
  await data('enroll', { studentId: orphaned.students[0]!.id, classId: cls.id }, orphaned.family.accessToken);
  await data('enroll', { studentId: waiting.students[0]!.id, classId: cls.id }, waiting.family.accessToken);
  await dynamo.send(
    new DeleteCommand({
      TableName: tableName,
      Key: { PK: `FAMILY#${orphaned.family.sub}`, SK: `STUDENT#${orphaned.students[0]!.id}` },
    }),
  );

  const answer = await call(
    'cancelEnrollment',
    { enrollmentId: `${cls.id}~${orphaned.students[0]!.id}` },
    (await adminSession()).accessToken,
  );
  expect(answer.status).toBe(200);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, waiting.family.accessToken)).toMatchObject(
    { enrollments: [{ status: 'enrolled' }] },
  );
});

async function rawItem(PK: string, SK: string) {
  return (await dynamo.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;
}
