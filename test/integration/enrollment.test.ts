// The enrollment rules (one seat per child, capacity never passed, waitlist in order, groups all or nothing),
// through the local gateway against DynamoDB Local.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { zoneName } from '../../lambdas/contract/moments';
import type { Class, ClassInput, Enrollment, EnrollmentAnswer, NamedEnrollment } from '../../lambdas/contract/records';
import {
  addStudent,
  adminSession,
  classNow,
  familyWithStudents,
  newClass,
  newGroup,
  openSemester,
} from '../support/fixtures';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';
import { lineQueue, newRequestId, putRequest } from '../../lambdas/enrollment/enrollmentRequests';
import { expectArrivalOrder } from '../support/arrivalOrder';
import { invoke } from '../support/in-process';
import {
  arrivalOf,
  call,
  data,
  enrollAndWait,
  outbox,
  outcomeOf,
  waitForMail,
  type EnrollPayload,
  type SignedIn,
} from '../support/portal';

// As the web app enrolls: a request still in line on a loaded machine is asked about until it is decided.
const enroll = (family: SignedIn, payload: EnrollPayload) => enrollAndWait(payload, family.accessToken);
const enrolled = async (family: SignedIn, payload: EnrollPayload) => {
  const answer = await enroll(family, payload);
  if (answer.status !== 200 || answer.body.data?.pending)
    throw new Error(`enroll answered ${outcomeOf(answer)}: ${JSON.stringify(answer.body)}`);
  return answer.body.data!.enrollments;
};
const mine = async (family: SignedIn) =>
  (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments;

/** The input that saves a class as it is. */
const inputOf = ({
  id,
  semesterId,
  name,
  description,
  location,
  instructor,
  meetings,
  capacity,
  minGrade,
  maxGrade,
  status,
  whatToBring,
}: Class): ClassInput => ({
  id,
  semesterId,
  name,
  description,
  location,
  instructor,
  meetings,
  capacity,
  minGrade,
  maxGrade,
  status,
  whatToBring,
});

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester()).id;
});

describe('seats and the waitlist', () => {
  test('given a class with seats, when a family enrolls its child, then the child is enrolled and the class counts the seat', async () => {
    const cls = await newClass(semesterId, { capacity: 3 });
    const { family, students } = await familyWithStudents(1);
    const [enrollment] = await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    expect(enrollment).toMatchObject({
      id: `${cls.id}~${students[0]!.id}`,
      status: 'enrolled',
      classId: cls.id,
      semesterId,
    });
    expect(enrollment!.waitlistPosition).toBeUndefined();
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0, seatsLeft: 2 });
  });

  test('given a full class, when more children enroll, then they are waitlisted at positions 1, 2 in arrival order', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(3);
    const results = [];
    for (const student of students)
      results.push((await enrolled(family, { studentId: student.id, classId: cls.id }))[0]!);
    expect(results.map((e) => [e.status, e.waitlistPosition])).toEqual([
      ['enrolled', undefined],
      ['waitlisted', 1],
      ['waitlisted', 2],
    ]);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2, seatsLeft: 0 });
  });

  test('given a call that reached its line only after a later one was decided, then it is placed right after that one, and its decision says so', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(2);
    const first = (await enroll(family, { studentId: students[0]!.id, classId: cls.id })).body.data!;
    expect(first.enrollments[0]).toMatchObject({ status: 'enrolled' });
    // A call that reached the API a second before that one, whose request reached the line only now (as a function
    // that started cold on a loaded machine might): the seat it arrived before is given already.
    const arrivedAt = arrivalOf(first.requestId) - 1000;
    const late = await putRequest({
      id: newRequestId(arrivedAt),
      queue: lineQueue(cls.id),
      studentId: students[1]!.id,
      familyId: family.sub,
      classIds: [cls.id],
      arrivedAt,
      by: { sub: family.sub, isAdmin: false },
    });
    let answer = await data<EnrollmentAnswer>(
      'enrollmentRequest',
      { requestId: late.id, classId: cls.id },
      family.accessToken,
    );
    for (let asked = 1; answer.pending && asked < 10; asked += 1)
      answer = await data<EnrollmentAnswer>(
        'enrollmentRequest',
        { requestId: late.id, classId: cls.id },
        family.accessToken,
      );
    expect(answer.enrollments[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const { Item } = await dynamo.send(
      new GetCommand({ TableName: tableName, Key: { PK: `REQUEST#${late.id}`, SK: 'DECISION' }, ConsistentRead: true }),
    );
    expect(Item?.timeline).toMatchObject({ arrivedAt, placedAfter: first.requestId });
    // The order as decided holds: the late call counts as arriving right after the one it was placed after.
    const placed = [first, answer].map((decided) => ({
      enrollment: decided.enrollments[0]!,
      requestId: decided.requestId,
    }));
    expect(await expectArrivalOrder(placed)).toBe(1);
  });

  test('given a child pressed "enroll" in two tabs at once, then both are answered with the one request: one place in line, one seat, no refusal', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(2);
    // The other child takes the seat first: the two presses below join the waitlist, where a second request
    // of the same child would have been refused as already on it.
    await enrolled(family, { studentId: students[1]!.id, classId: cls.id });
    const payload = { studentId: students[0]!.id, classId: cls.id };
    const presses = await Promise.all([enroll(family, payload), enroll(family, payload), enroll(family, payload)]);
    expect(presses.map(outcomeOf)).toEqual([200, 200, 200]);
    expect(new Set(presses.map((press) => press.body.data!.requestId)).size).toBe(1);
    expect(presses.map((press) => press.body.data!.enrollments.map((e) => [e.status, e.waitlistPosition]))).toEqual([
      [['waitlisted', 1]],
      [['waitlisted', 1]],
      [['waitlisted', 1]],
    ]);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 1 });
    // Decided, the request is no longer in line: a press now is a new request, refused as the child is on the waitlist.
    expect((await enroll(family, payload)).status).toBe(409);
  });

  test('given an enrolled child, when the family enrolls them again, then 409 already-exists and nothing changes', async () => {
    const cls = await newClass(semesterId, { capacity: 5 });
    const { family, students } = await familyWithStudents(1);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    const again = await enroll(family, { studentId: students[0]!.id, classId: cls.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'already-exists',
      message: `Child1 Tester is already enrolled in ${cls.name}.`,
    });
    expect((await classNow(cls.id)).enrolled).toBe(1);
  });

  test('given the same call six times at the same moment, then one request is put in line, every call is answered with it, and one enrollment is made', async () => {
    const cls = await newClass(semesterId, { capacity: 5 });
    const { family, students } = await familyWithStudents(1);
    const payload = { studentId: students[0]!.id, classId: cls.id };
    const answers = await Promise.all(Array.from({ length: 6 }, () => enroll(family, payload)));
    expect(answers.map(outcomeOf)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data!.requestId)).size).toBe(1);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
    expect((await mine(family)).filter((e) => e.classId === cls.id)).toHaveLength(1);
  });

  test('given an enrolled child and a waitlist, when the enrolled child cancels, then the first waitlisted child takes the seat and the others move up', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(4);
    // More children of one family in one class than a family may enroll itself: an administrator enrolls them.
    for (const student of students) await enrolled(await adminSession(), { studentId: student.id, classId: cls.id });
    const cancelled = await data<{ enrollment: Enrollment }>(
      'cancelEnrollment',
      { enrollmentId: `${cls.id}~${students[0]!.id}` },
      family.accessToken,
    );
    expect(cancelled.enrollment.status).toBe('cancelled');
    const byStudent = new Map((await mine(family)).filter((e) => e.classId === cls.id).map((e) => [e.studentId, e]));
    expect(byStudent.get(students[1]!.id)).toMatchObject({ status: 'enrolled' });
    expect(byStudent.get(students[2]!.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(byStudent.get(students[3]!.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2 });
  });

  test('given a waitlist, when a waitlisted child cancels, then the gap closes', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(4);
    for (const student of students) await enrolled(await adminSession(), { studentId: student.id, classId: cls.id });
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[2]!.id}` }, family.accessToken);
    const positions = (await mine(family))
      .filter((e) => e.classId === cls.id && e.status === 'waitlisted')
      .map((e) => [e.studentId, e.waitlistPosition]);
    expect(positions.sort()).toEqual(
      [
        [students[1]!.id, 1],
        [students[3]!.id, 2],
      ].sort(),
    );
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2 });
  });

  test('a cancelled child may enroll again, at the end of the line', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(2);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    await enrolled(family, { studentId: students[1]!.id, classId: cls.id });
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, family.accessToken);
    const [again] = await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    expect(again).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  });

  test('cancelling twice: the second call gets 409 failed-precondition', async () => {
    const cls = await newClass(semesterId);
    const { family, students } = await familyWithStudents(1);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    const enrollmentId = `${cls.id}~${students[0]!.id}`;
    await data('cancelEnrollment', { enrollmentId }, family.accessToken);
    const again = await call('cancelEnrollment', { enrollmentId }, family.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('failed-precondition');
  });
});

describe('class groups', () => {
  test('given seats in every class of a group, when a child enrolls in the group, then they hold a seat in each', async () => {
    const [a, b] = [await newClass(semesterId, { capacity: 2 }), await newClass(semesterId, { capacity: 2 })];
    const group = await newGroup(semesterId, [a.id, b.id]);
    const { family, students } = await familyWithStudents(1);
    const result = await enrolled(family, { studentId: students[0]!.id, groupId: group.id });
    expect(result.map((e) => [e.classId, e.status, e.groupId])).toEqual([
      [a.id, 'enrolled', group.id],
      [b.id, 'enrolled', group.id],
    ]);
  });

  test('given one full class in a group, when a child enrolls in the group, then the whole group is waitlisted and no seat is taken', async () => {
    const [a, b] = [await newClass(semesterId, { capacity: 5 }), await newClass(semesterId, { capacity: 1 })];
    const group = await newGroup(semesterId, [a.id, b.id]);
    const { family, students } = await familyWithStudents(2);
    await enrolled(family, { studentId: students[0]!.id, classId: b.id });
    const result = await enrolled(family, { studentId: students[1]!.id, groupId: group.id });
    expect(result.map((e) => [e.classId, e.status, e.waitlistPosition])).toEqual([
      [a.id, 'waitlisted', 1],
      [b.id, 'waitlisted', 1],
    ]);
    expect(await classNow(a.id)).toMatchObject({ enrolled: 0, waitlisted: 1 });
  });

  test('a waitlisted group is promoted as a whole when its full class frees a seat; cancelling it releases every seat together', async () => {
    const [a, b] = [await newClass(semesterId, { capacity: 5 }), await newClass(semesterId, { capacity: 1 })];
    const group = await newGroup(semesterId, [a.id, b.id]);
    const { family, students } = await familyWithStudents(2);
    await enrolled(family, { studentId: students[0]!.id, classId: b.id });
    await enrolled(family, { studentId: students[1]!.id, groupId: group.id });
    await data('cancelEnrollment', { enrollmentId: `${b.id}~${students[0]!.id}` }, family.accessToken);
    const groupEntries = (await mine(family)).filter((e) => e.studentId === students[1]!.id);
    expect(groupEntries.map((e) => e.status)).toEqual(['enrolled', 'enrolled']);
    expect(groupEntries[0]!.groupName).toBe('Test group');
    expect(await classNow(a.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
    expect(await classNow(b.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });

    await data('cancelEnrollment', { enrollmentId: `${a.id}~${students[1]!.id}` }, family.accessToken);
    expect((await mine(family)).filter((e) => e.studentId === students[1]!.id).map((e) => e.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await classNow(b.id)).toMatchObject({ enrolled: 0 });
  });

  /** Two one-seat classes a and b of a group, each taken by a child of a family whose third child waits for the group. */
  async function groupWaitingForTwoSeats(children: number) {
    const [a, b] = [await newClass(semesterId, { capacity: 1 }), await newClass(semesterId, { capacity: 1 })];
    const group = await newGroup(semesterId, [a.id, b.id]);
    const { family, students } = await familyWithStudents(children);
    await enrolled(family, { studentId: students[0]!.id, classId: a.id });
    await enrolled(family, { studentId: students[1]!.id, classId: b.id });
    await enrolled(family, { studentId: students[2]!.id, groupId: group.id });
    return { a, b, family, students };
  }

  test('a group on the waitlist that cannot get every seat lets the next child in line take a freed seat', async () => {
    const { a, family, students } = await groupWaitingForTwoSeats(4);
    await enrolled(family, { studentId: students[3]!.id, classId: a.id }); // waits in a, behind the group
    await data('cancelEnrollment', { enrollmentId: `${a.id}~${students[0]!.id}` }, family.accessToken);
    const byStudent = new Map((await mine(family)).filter((e) => e.classId === a.id).map((e) => [e.studentId, e]));
    expect(byStudent.get(students[3]!.id)?.status).toBe('enrolled');
    expect(byStudent.get(students[2]!.id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  });

  test('given two cancellations at once, one in each class of a waiting group, then the group gets both seats', async () => {
    const { a, b, family, students } = await groupWaitingForTwoSeats(3);
    // The cancellation in b commits after the one in a read its view, and before it commits: each read the
    // other class full.
    let raced = false;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && !raced) {
          raced = true;
          await data('cancelEnrollment', { enrollmentId: `${b.id}~${students[1]!.id}` }, family.accessToken);
        }
        return next(args);
      },
      { step: 'initialize', name: 'cancelsMeanwhile' },
    );
    try {
      const answer = await invoke('cancelEnrollment', { enrollmentId: `${a.id}~${students[0]!.id}` }, family);
      expect(answer.statusCode).toBe(200);
    } finally {
      dynamo.middlewareStack.remove('cancelsMeanwhile');
    }
    expect(raced).toBe(true);
    const groupEntries = (await mine(family)).filter((e) => e.studentId === students[2]!.id);
    expect(groupEntries.map((e) => e.status)).toEqual(['enrolled', 'enrolled']);
    for (const cls of [a, b]) expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  });
});

describe('what the server checks', () => {
  test('grade limits are enforced with a message a parent understands', async () => {
    const cls = await newClass(semesterId, { minGrade: 9, maxGrade: 12 });
    const family = (await familyWithStudents(0)).family;
    const young = await addStudent(family, { firstName: 'Robin', grade: 6 });
    const unknownGrade = await addStudent(family, { firstName: 'Kim', grade: undefined });
    const tooYoung = await enroll(family, { studentId: young.id, classId: cls.id });
    expect(tooYoung.status).toBe(409);
    expect(tooYoung.body.error).toEqual({
      code: 'failed-precondition',
      message: `${cls.name} is for grades 9–12, and Robin is in grade 6.`,
    });
    const noGrade = await enroll(family, { studentId: unknownGrade.id, classId: cls.id });
    expect(noGrade.body.error?.message).toBe(
      `${cls.name} is for grades 9–12: add Kim's school grade to their details first.`,
    );
  });

  test('registration outside its window is refused for a family, with the date; an administrator may still enroll', async () => {
    const later = await openSemester({ registrationOpens: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    const cls = await newClass(later.id);
    const { family, students } = await familyWithStudents(1);
    const early = await enroll(family, { studentId: students[0]!.id, classId: cls.id });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toMatch(
      new RegExp(`^Registration for ${later.name} opens on .+ [AP]M M[SD]T\\.$`),
    );
    const admin = await adminSession();
    const byAdmin = await call<{ enrollments: Enrollment[] }>(
      'enroll',
      { studentId: students[0]!.id, classId: cls.id },
      admin.accessToken,
    );
    expect(byAdmin.status).toBe(200);
    expect((await mine(family)).find((e) => e.classId === cls.id)?.status).toBe('enrolled');
  });

  test('a closed class takes no new enrollment', async () => {
    const cls = await newClass(semesterId, { status: 'closed' });
    const { family, students } = await familyWithStudents(1);
    const answer = await enroll(family, { studentId: students[0]!.id, classId: cls.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(`${cls.name} is closed to new enrollments.`);
  });

  test("an administrator's change to a class governs the very next enrollment, though enroll remembers classes it saw", async () => {
    const admin = await adminSession();
    const cls = await newClass(semesterId, { capacity: 2 });
    const change = async (overrides: Partial<Class>) =>
      data('saveClass', { ...inputOf(await classNow(cls.id)), ...overrides }, admin.accessToken);
    const { family, students } = await familyWithStudents(3);
    const [first, second, third] = students.map((student) => ({ studentId: student.id, classId: cls.id }));
    await enrolled(family, first!);

    await change({ minGrade: 9 });
    expect((await enroll(family, second!)).body.error?.message).toBe(
      `${cls.name} is for grades 9 and up, and Child2 is in grade 7.`,
    );
    await change({ minGrade: undefined, status: 'closed' });
    expect((await enroll(family, second!)).body.error?.message).toBe(`${cls.name} is closed to new enrollments.`);
    await change({ status: 'open', capacity: 1 });
    expect((await enrolled(family, second!))[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    await change({ capacity: 3 }); // promotes the waitlist
    expect((await enrolled(family, third!))[0]?.status).toBe('enrolled');
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 3, waitlisted: 0 });

    const empty = await newClass(semesterId, { minGrade: 12 });
    expect((await enroll(family, { studentId: students[0]!.id, classId: empty.id })).status).toBe(409); // seen, refused
    await data('deleteClass', { id: empty.id }, admin.accessToken);
    expect((await enroll(family, { studentId: students[1]!.id, classId: empty.id })).status).toBe(404);
  });

  test('unknown classes, groups and students are 404; a payload naming both or neither target is 400', async () => {
    const { family, students } = await familyWithStudents(1);
    expect((await enroll(family, { studentId: students[0]!.id, classId: 'no-such-class' })).status).toBe(404);
    expect((await enroll(family, { studentId: students[0]!.id, groupId: 'no-such-group' })).status).toBe(404);
    expect((await enroll(family, { studentId: 'no-such-student', classId: 'nordic-skiing' })).status).toBe(404);
    const malformed = (payload: object) => call('enroll', payload, family.accessToken);
    expect((await malformed({ studentId: students[0]!.id })).status).toBe(400);
    expect((await malformed({ studentId: students[0]!.id, classId: 'a', groupId: 'b' })).status).toBe(400);
  });
});

describe('families see and change only their own', () => {
  test("another family can neither enroll, see nor cancel a family's child; an administrator can cancel", async () => {
    const cls = await newClass(semesterId);
    const owner = await familyWithStudents(1, 'owner');
    const stranger = await familyWithStudents(0, 'stranger');
    const studentId = owner.students[0]!.id;
    expect((await enroll(stranger.family, { studentId, classId: cls.id })).status).toBe(404);
    await enrolled(owner.family, { studentId, classId: cls.id });
    expect(await mine(stranger.family)).toEqual([]);
    expect(
      (await call('cancelEnrollment', { enrollmentId: `${cls.id}~${studentId}` }, stranger.family.accessToken)).status,
    ).toBe(404);
    expect(
      (await call('cancelEnrollment', { enrollmentId: `${cls.id}~${studentId}` }, (await adminSession()).accessToken))
        .status,
    ).toBe(200);
  });

  test('a visitor gets 401 from every family function', async () => {
    for (const name of [
      'students',
      'saveStudent',
      'deleteStudent',
      'enroll',
      'cancelEnrollment',
      'myEnrollments',
      'deleteAccount',
    ] as const) {
      expect((await call(name, {})).status).toBe(401);
    }
  });
});

describe('enrollment e-mails', () => {
  test('a family is written to when its child is enrolled, waitlisted and promoted, with the class, meetings and what to bring', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const first = await familyWithStudents(1, 'first');
    const second = await familyWithStudents(1, 'second');
    await enrolled(first.family, { studentId: first.students[0]!.id, classId: cls.id });
    await waitForMail(first.family.email, `Enrolled: Child1 Tester in ${cls.name}`);
    await enrolled(second.family, { studentId: second.students[0]!.id, classId: cls.id });
    await waitForMail(second.family.email, `Waitlisted: Child1 Tester for ${cls.name} (position 1)`);
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${first.students[0]!.id}` }, first.family.accessToken);
    const promoted = await waitForMail(second.family.email, `A seat opened: Child1 Tester is enrolled in ${cls.name}`);
    expect(promoted.text).toContain('What to bring: Warm gloves');
    expect(promoted.text).toMatch(
      new RegExp(`When: \\w+day, \\w{3} \\d+, 9:00 AM–11:00 AM ${zoneName(LOCAL_TIME_ZONE, cls.meetings[0]!.date)}`),
    );
    expect(promoted.text).toContain('Where: Summit Lodge');
    await waitForMail(first.family.email, `Cancelled: Child1 Tester in ${cls.name}`);
    // One e-mail per change: nothing was sent twice.
    expect((await outbox()).filter((m) => m.to === first.family.email || m.to === second.family.email)).toHaveLength(4);
  });

  test('a group enrollment is one e-mail naming the group and each of its classes', async () => {
    const [a, b] = [
      await newClass(semesterId, { name: `Group part A ${Date.now()}` }),
      await newClass(semesterId, { name: `Group part B ${Date.now()}` }),
    ];
    const group = await newGroup(semesterId, [a.id, b.id]);
    const { family, students } = await familyWithStudents(1);
    await enrolled(family, { studentId: students[0]!.id, groupId: group.id });
    const mail = await waitForMail(family.email, `Enrolled: Child1 Tester in ${group.name}`);
    expect(mail.text).toContain(a.name);
    expect(mail.text).toContain(b.name);
  });

  test('a mail request delivered again after its e-mail went out is not sent twice', async () => {
    const { mailer } = await import('../../lambdas/mail/handlers/mailer');
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(1);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    await waitForMail(family.email, `Enrolled: Child1 Tester in ${cls.name}`);
    // The stream's record of that request, handed to the mailer once more: the request is gone, so nothing is sent.
    const { mailRequestEntity } = await import('../../lambdas/platform/mailRequests');
    const request = mailRequestEntity.item({
      id: randomUUID(),
      kind: 'enrolled',
      familyId: family.sub,
      studentId: students[0]!.id,
      classIds: [cls.id],
      requestedAt: new Date().toISOString(),
    });
    const record = {
      eventName: 'INSERT',
      dynamodb: {
        Keys: marshall({ PK: request.PK, SK: request.SK }),
        NewImage: marshall(request),
        SequenceNumber: '1',
      },
    };
    expect(await mailer({ Records: [record] } as unknown as DynamoDBStreamEvent)).toEqual({ batchItemFailures: [] });
    expect((await outbox()).filter((m) => m.to === family.email)).toHaveLength(1);
  });

  test('a mail request for a family that is gone is dropped, not tried again', async () => {
    const { mailRequestEntity } = await import('../../lambdas/platform/mailRequests');
    const cls = await newClass(semesterId);
    const id = randomUUID();
    await mailRequestEntity.put({
      id,
      kind: 'enrolled',
      familyId: randomUUID(),
      studentId: randomUUID(),
      classIds: [cls.id],
      requestedAt: new Date().toISOString(),
    });
    for (const deadline = Date.now() + 15_000; await mailRequestEntity.get({ id }); ) {
      if (Date.now() > deadline) throw new Error('The mailer did not remove the request within 15 s.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('the audit trail', () => {
  test('every change of an enrollment records who made it, when, and from what to what', async () => {
    const { queryAll } = await import('../../lambdas/platform/dynamo');
    const cls = await newClass(semesterId, { capacity: 1 });
    const { family, students } = await familyWithStudents(2);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    await enrolled(family, { studentId: students[1]!.id, classId: cls.id });
    const admin = await adminSession();
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, admin.accessToken);
    const trail = async (studentId: string) =>
      (
        await queryAll<Record<string, unknown>>({
          KeyConditionExpression: 'PK = :e',
          ExpressionAttributeValues: { ':e': `ENROLLMENT#${cls.id}~${studentId}` },
        })
      ).map(({ from, to, reason, by, byAdmin, at }) => ({ from, to, reason, by, byAdmin, at }));
    expect(await trail(students[0]!.id)).toEqual([
      { from: 'none', to: 'enrolled', reason: 'enroll', by: family.sub, byAdmin: false, at: expect.any(String) },
      { from: 'enrolled', to: 'cancelled', reason: 'cancel', by: admin.sub, byAdmin: true, at: expect.any(String) },
    ]);
    expect(await trail(students[1]!.id)).toEqual([
      { from: 'none', to: 'waitlisted', reason: 'waitlist', by: family.sub, byAdmin: false, at: expect.any(String) },
      { from: 'waitlisted', to: 'enrolled', reason: 'promote', by: 'portal', byAdmin: false, at: expect.any(String) },
    ]);
  });
});

describe("an administrator's changes of seats", () => {
  /** After the first write of an administrator's call run in process, another family enrolls through the gateway. */
  function newcomerEnrollsAfterFirstWrite(newcomer: SignedIn, payload: { studentId: string; classId: string }) {
    const answers: Array<Enrollment | undefined> = [];
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (
          ['UpdateItemCommand', 'TransactWriteItemsCommand'].includes(context.commandName ?? '') &&
          answers.length === 0
        ) {
          answers.push((await enroll(newcomer, payload)).body.data?.enrollments[0]);
        }
        return result;
      },
      { step: 'initialize', name: 'newcomerEnrolls' },
    );
    return answers;
  }
  afterEach(() => dynamo.middlewareStack.remove('newcomerEnrolls'));

  test('given a waitlist, when an administrator raises the capacity while a newcomer enrolls, then the seat goes to the waiting child', async () => {
    const cls = await newClass(semesterId, { capacity: 1 });
    const waiting = await familyWithStudents(2, 'waiting');
    for (const student of waiting.students) await enrolled(waiting.family, { studentId: student.id, classId: cls.id });
    const newcomer = await familyWithStudents(1, 'newcomer');

    const answers = newcomerEnrollsAfterFirstWrite(newcomer.family, {
      studentId: newcomer.students[0]!.id,
      classId: cls.id,
    });
    const saved = await invoke('saveClass', { ...inputOf(await classNow(cls.id)), capacity: 2 }, await adminSession());
    expect(saved.statusCode).toBe(200);
    expect(answers).toEqual([expect.objectContaining({ status: 'waitlisted', waitlistPosition: 1 })]);
    expect((await mine(waiting.family)).map((e) => e.status)).toEqual(['enrolled', 'enrolled']);
    expect(await classNow(cls.id)).toMatchObject({ capacity: 2, enrolled: 2, waitlisted: 1 });
  });

  test('given more waiting children than one transaction promotes, when the capacity grows for all of them, then they all get seats in order and a newcomer meanwhile waits', async () => {
    const cls = await newClass(semesterId, { capacity: 0 });
    const admin = await adminSession();
    const families = [await familyWithStudents(20, 'big'), await familyWithStudents(20, 'big')];
    // All at once: the allocator takes them in batches (their order in line is not what this test is about).
    await Promise.all(
      families.flatMap(({ students }) =>
        students.map((student) => enrolled(admin, { studentId: student.id, classId: cls.id })),
      ),
    );
    const newcomer = await familyWithStudents(1, 'newcomer');

    const answers = newcomerEnrollsAfterFirstWrite(newcomer.family, {
      studentId: newcomer.students[0]!.id,
      classId: cls.id,
    });
    const saved = await invoke('saveClass', { ...inputOf(await classNow(cls.id)), capacity: 40 }, admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data.class).toMatchObject({ capacity: 40, enrolled: 40, waitlisted: 1 });
    // Between the transactions the class was full: the newcomer waited behind those not yet promoted.
    expect(answers).toEqual([expect.objectContaining({ status: 'waitlisted', waitlistPosition: expect.any(Number) })]);
    expect(answers[0]!.waitlistPosition).toBeGreaterThan(1);
    for (const { family } of families) expect((await mine(family)).every((e) => e.status === 'enrolled')).toBe(true);
  });

  test('moving a child to a class outside their grade is refused with the reason, and nothing changes', async () => {
    const from = await newClass(semesterId);
    const to = await newClass(semesterId, { minGrade: 9, maxGrade: 12 });
    const { family, students } = await familyWithStudents(1);
    await enrolled(family, { studentId: students[0]!.id, classId: from.id });
    const answer = await call(
      'moveEnrollment',
      { enrollmentId: `${from.id}~${students[0]!.id}`, classId: to.id },
      (await adminSession()).accessToken,
    );
    expect([answer.status, answer.body.error]).toEqual([
      409,
      { code: 'failed-precondition', message: `${to.name} is for grades 9–12, and Child1 is in grade 7.` },
    ]);
    expect(await classNow(to.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
    expect((await mine(family)).map((e) => [e.classId, e.status])).toEqual([[from.id, 'enrolled']]);
  });
});

describe("a family's caps", () => {
  test('a family enrolls at most 3 children in one class, even all at once; an administrator may enroll a fourth', async () => {
    const cls = await newClass(semesterId, { capacity: 2 });
    const { family, students } = await familyWithStudents(4);
    const answers = await Promise.all(
      students.map((student) => enroll(family, { studentId: student.id, classId: cls.id })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toEqual({
      code: 'failed-precondition',
      message: 'A family can enroll at most 3 children in one class.',
    });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 2, waitlisted: 1 });

    const refused = students.find((_, index) => answers[index]!.status === 409)!;
    expect((await enroll(await adminSession(), { studentId: refused.id, classId: cls.id })).status).toBe(200);
    // A cancellation makes room again.
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${refused.id}` }, family.accessToken);
    await data(
      'cancelEnrollment',
      { enrollmentId: `${cls.id}~${students.find((s) => s.id !== refused.id)!.id}` },
      family.accessToken,
    );
    expect((await enroll(family, { studentId: refused.id, classId: cls.id })).status).toBe(200);
  });

  test('a family holds at most 10 enrollments in one semester, even all at once', async () => {
    const semester = await openSemester();
    const classes: Class[] = [];
    for (let index = 0; index < 6; index += 1) classes.push(await newClass(semester.id, { capacity: 1 }));
    const { family, students } = await familyWithStudents(2);
    const calls = students.flatMap((student) => classes.map((cls) => ({ studentId: student.id, classId: cls.id })));
    const answers = await Promise.all(calls.map((payload) => enroll(family, payload)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.error?.message)).toEqual([
      'A family can hold at most 10 enrollments (enrolled or waitlisted) in one semester.',
      'A family can hold at most 10 enrollments (enrolled or waitlisted) in one semester.',
    ]);
    expect(await mine(family)).toHaveLength(10);
  });
});
