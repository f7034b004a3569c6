// Data retention: an administrator previews exactly what a removal would take (the records of semesters
// that ended more than the setting's years ago), then removes it, with an audit record; what is still
// needed stays, and the counts the caps and deletions rely on stay right.
import type { FunctionResult } from '../../lambdas/contract/manifest';
import type { Semester, Student } from '../../lambdas/contract/records';
import { addStudent, adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, type SignedIn } from '../support/portal';
import { acceptancesOf } from '../../lambdas/families/policies';
import { familyLotteryRequests, putLotteryRequests } from '../../lambdas/lottery/records/lotteryRequests';
import { removeStudentRecords, retentionPlan } from '../../lambdas/administration/retention';
import { getStudent, studentDeleteIfUntouched } from '../../lambdas/families/students';
import { transactWrite } from '../../lambdas/platform/transact';
import {
  attendanceKeysOfStudent,
  recordMark,
  reportAbsence,
  tellOfficeStillCheckedIn,
} from '../../lambdas/instructors/attendance';

const YEAR = 365 * 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
type Preview = FunctionResult<'dataRetention'>;

async function endedSemester(yearsAgo: number): Promise<Semester> {
  const end = Date.now() - yearsAgo * YEAR;
  return openSemester({
    name: `Ended ${yearsAgo} years ago ${Math.random().toString(36).slice(2, 6)}`,
    startDate: isoDate(end - 60 * 24 * 60 * 60 * 1000),
    endDate: isoDate(end),
    registrationOpens: undefined,
    registrationCloses: undefined,
  });
}

const admin = async () => (await adminSession()).accessToken;

/** A policy of the semester, accepted for the child. */
async function acceptPolicyOf(semesterId: string, family: SignedIn, studentId: string) {
  const { version } = await data<{ version: { policyId: string; version: number } }>(
    'savePolicy',
    { title: 'Waiver', text: 'Mountains.', required: true, semesterId },
    await admin(),
  );
  const accepted = [{ policyId: version.policyId, version: version.version }];
  await data('acceptPolicies', { studentId, semesterId, accepted }, family.accessToken);
}
const preview = async () => data<Preview>('dataRetention', {}, await admin());

/** A child's lottery request in a semester's lottery, written as test data. */
const lotteryRequest = (family: SignedIn, semesterId: string, studentId: string, classId: string) => ({
  familyId: family.sub,
  semesterId,
  studentId,
  choices: [{ kind: 'class' as const, id: classId }],
  keepTogether: false,
  updatedAt: new Date().toISOString(),
});

/** A family whose children, named apart from every other family's, are each enrolled in the class. */
async function childrenEnrolledIn(classId: string, firstNames: string[]) {
  const { family } = await familyWithStudents(0, 'retention-live');
  const lastName = `Kept ${Math.random().toString(36).slice(2, 8)}`;
  const children: Student[] = [];
  for (const firstName of firstNames) children.push(await addStudent(family, { firstName, lastName }));
  for (const child of children)
    expect((await enrollAndWait({ studentId: child.id, classId }, await admin())).status).toBe(200);
  return { family, children };
}

const nameOf = (student: Student) => `${student.firstName} ${student.lastName}`;

test('given students with enrollments in a semester that ended five years ago, when the administrator previews and removes, then exactly the previewed records go, with an audit record, and the rest stays consistent', async () => {
  const old = await endedSemester(5);
  const recent = await endedSemester(2);
  const current = await openSemester();
  const [oldClass, recentClass, currentClass] = [
    await newClass(old.id),
    await newClass(recent.id),
    await newClass(current.id),
  ];
  const { family, students } = await familyWithStudents(2, 'retention');
  const [onlyOld, alsoNow] = students as [(typeof students)[0], (typeof students)[0]];
  // An administrator enrolls outside the registration window (the old semesters'), the family in the open one.
  for (const [studentId, classId] of [
    [onlyOld.id, oldClass.id],
    [alsoNow.id, oldClass.id],
    [alsoNow.id, recentClass.id],
  ])
    expect((await enrollAndWait({ studentId: studentId!, classId: classId! }, await admin())).status).toBe(200);
  expect((await enrollAndWait({ studentId: alsoNow.id, classId: currentClass.id }, family.accessToken)).status).toBe(
    200,
  );
  await acceptPolicyOf(old.id, family, onlyOld.id);
  await acceptPolicyOf(old.id, family, alsoNow.id);
  await acceptPolicyOf(recent.id, family, alsoNow.id);
  // The class day's records of the children: marks, an absence report, the office's alarm.
  const day = oldClass.meetings[0]!.date;
  const marker = { sub: 'instructor', email: 'instructor@example.com' };
  const markOf = (classId: string, studentId: string) => ({
    key: crypto.randomUUID(),
    kind: 'checkIn' as const,
    classId,
    date: day,
    studentId,
    at: new Date().toISOString(),
    deviceId: 'phone',
  });
  for (const [classId, studentId] of [
    [oldClass.id, onlyOld.id],
    [oldClass.id, alsoNow.id],
    [recentClass.id, alsoNow.id],
  ] as const)
    await recordMark(markOf(classId, studentId), marker, false, family.sub);
  await reportAbsence(oldClass.id, family.sub, { studentId: onlyOld.id, date: day, note: 'Sick' });
  await tellOfficeStillCheckedIn({ classId: oldClass.id, date: day, studentId: alsoNow.id }, new Date().toISOString());
  // Lottery requests the children made in those semesters.
  await putLotteryRequests([
    lotteryRequest(family, old.id, onlyOld.id, oldClass.id),
    lotteryRequest(family, old.id, alsoNow.id, oldClass.id),
    lotteryRequest(family, recent.id, alsoNow.id, recentClass.id),
  ]);

  await data('saveRetention', { years: 3 }, await admin());
  const before = await preview();
  expect(before.setting.years).toBe(3);
  expect(before.cutoff).toBe(
    isoDate(Date.UTC(new Date().getUTCFullYear() - 3, new Date().getUTCMonth(), new Date().getUTCDate())),
  );
  expect(before.semesters).toEqual([{ id: old.id, name: old.name, endDate: old.endDate, enrollments: 2 }]);
  expect(before.students).toEqual([
    { name: `${onlyOld.firstName} ${onlyOld.lastName}`, birthDate: onlyOld.birthDate, enrollments: 1 },
  ]);
  expect(before.studentsKept).toBe(1);
  // The child kept, and why: what of theirs belongs to semesters whose records stay, newest semester first.
  expect(before.kept).toEqual([
    {
      name: `${alsoNow.firstName} ${alsoNow.lastName}`,
      birthDate: alsoNow.birthDate,
      enrollments: 1,
      keptFor: [
        { kind: 'enrollment', semester: { id: current.id, name: current.name } },
        { kind: 'enrollment', semester: { id: recent.id, name: recent.name } },
        { kind: 'lotteryRequest', semester: { id: recent.id, name: recent.name } },
        { kind: 'policyAcceptance', semester: { id: recent.id, name: recent.name } },
      ],
    },
  ]);
  expect(before.totals).toEqual({ semesters: 1, enrollments: 2, students: 1 });

  // A shorter setting shows more; what is removed is what the saved setting shows.
  await data('saveRetention', { years: 1 }, await admin());
  expect((await preview()).semesters.map((semester) => semester.id)).toEqual(
    expect.arrayContaining([old.id, recent.id]),
  );
  const stale = await call('removeExpiredRecords', { semesterIds: [old.id] }, await admin());
  expect(stale.status).toBe(409);
  expect(stale.body.error?.message).toBe(
    'What would be removed has changed since the preview: look at the preview again.',
  );
  await data('saveRetention', { years: 3 }, await admin());

  let answer: FunctionResult<'removeExpiredRecords'>;
  do answer = await data('removeExpiredRecords', { semesterIds: [old.id] }, await admin());
  while (!answer.done);
  const after = await preview();
  // The semester stays (it holds no child's data); it has nothing left to remove.
  expect(after.totals).toEqual({ semesters: 0, enrollments: 0, students: 0 });
  expect(after.semesters).toEqual([]);
  expect(after.removals[0]).toMatchObject({
    by: (await adminSession()).sub,
    years: 3,
    semesters: [{ id: old.id, name: old.name }],
    done: true,
  });
  const removed = after.removals.filter((record) => record.semesters.some((semester) => semester.id === old.id));
  expect(removed.reduce((sum, record) => sum + record.removed.enrollments, 0)).toBe(2);
  expect(removed.reduce((sum, record) => sum + record.removed.students, 0)).toBe(1);
  expect(removed.reduce((sum, record) => sum + record.removed.auditRecords, 0)).toBeGreaterThanOrEqual(2);
  // The old class's attendance of both children goes with their enrollments there; the recent class's stays.
  expect(removed.reduce((sum, record) => sum + (record.removed.attendanceRecords ?? 0), 0)).toBe(4);
  for (const studentId of [onlyOld.id, alsoNow.id])
    expect(await attendanceKeysOfStudent(oldClass.id, studentId)).toEqual([]);
  expect(await attendanceKeysOfStudent(recentClass.id, alsoNow.id)).toHaveLength(1);

  // The policies accepted for the old semester go with it; the kept child's for the recent one stay.
  expect(await acceptancesOf(family.sub, onlyOld.id)).toEqual([]);
  expect((await acceptancesOf(family.sub, alsoNow.id)).map((a) => a.semesterId)).toEqual([recent.id]);
  // So do the lottery requests made in it.
  expect(await familyLotteryRequests(family.sub, old.id)).toEqual([]);
  expect((await familyLotteryRequests(family.sub, recent.id)).map((r) => r.studentId)).toEqual([alsoNow.id]);

  // The family keeps the child it still needs, with the enrollments of semesters that ended lately.
  const kept = await data<{ students: Array<{ id: string }> }>('students', {}, family.accessToken);
  expect(kept.students.map((student) => student.id)).toEqual([alsoNow.id]);
  const { enrollments } = await data<{ enrollments: Array<{ classId: string }> }>(
    'myEnrollments',
    {},
    family.accessToken,
  );
  expect(enrollments.map((enrollment) => enrollment.classId).sort()).toEqual([currentClass.id, recentClass.id].sort());
  const roster = await data<{ roster: unknown[]; waitlist: unknown[] }>(
    'classRoster',
    { classId: oldClass.id },
    await admin(),
  );
  expect([roster.roster, roster.waitlist]).toEqual([[], []]);
  const activity = await data<{ activity: unknown[] }>('enrollmentActivity', { semesterId: old.id }, await admin());
  expect(activity.activity).toEqual([]);

  // The counts stayed right: once its last two enrollments are cancelled, the kept child can be removed.
  for (const classId of [currentClass.id, recentClass.id])
    await data('cancelEnrollment', { enrollmentId: `${classId}~${alsoNow.id}` }, family.accessToken);
  expect((await call('deleteStudent', { id: alsoNow.id }, family.accessToken)).status).toBe(200);
});

test('a removal must name the ended semesters the preview shows, and families cannot preview or remove', async () => {
  const { family } = await familyWithStudents(0, 'retention-family');
  expect((await call('dataRetention', {}, family.accessToken)).status).toBe(403);
  expect((await call('removeExpiredRecords', { semesterIds: ['x'] }, family.accessToken)).status).toBe(403);
  expect((await call('removeExpiredRecords', { semesterIds: [] }, await admin())).status).toBe(400);
  expect((await call('saveRetention', { years: 0 }, await admin())).body.error?.message).toBe(
    'years: must be at least 1',
  );
});

test('given children enrolled only in a semester past retention, one with a lottery request and one with a policy accepted for a semester not ended, when the administrator previews and removes, then both keep their record and the preview says why, and a child with nothing live goes as before', async () => {
  const old = await endedSemester(6);
  const coming = await openSemester();
  const [oldClass, comingClass] = [await newClass(old.id), await newClass(coming.id)];
  const { family, children } = await childrenEnrolledIn(oldClass.id, ['Ana', 'Ben', 'Cleo']);
  const [asking, accepting, done] = children as [Student, Student, Student];
  await putLotteryRequests([lotteryRequest(family, coming.id, asking.id, comingClass.id)]);
  await acceptPolicyOf(coming.id, family, accepting.id);
  await data('saveRetention', { years: 3 }, await admin());

  const ours = new Set(children.map(nameOf));
  const before = await preview();
  expect(before.students.filter((student) => ours.has(student.name))).toEqual([
    { name: nameOf(done), birthDate: done.birthDate, enrollments: 1 },
  ]);
  const semester = { id: coming.id, name: coming.name };
  expect(before.kept.filter((student) => ours.has(student.name))).toEqual([
    {
      name: nameOf(asking),
      birthDate: asking.birthDate,
      enrollments: 1,
      keptFor: [{ kind: 'lotteryRequest', semester }],
    },
    {
      name: nameOf(accepting),
      birthDate: accepting.birthDate,
      enrollments: 1,
      keptFor: [{ kind: 'policyAcceptance', semester }],
    },
  ]);
  expect(before.studentsKept).toBe(before.kept.length);

  const semesterIds = before.semesters.map((ended) => ended.id);
  let answer: FunctionResult<'removeExpiredRecords'>;
  do answer = await data('removeExpiredRecords', { semesterIds }, await admin());
  while (!answer.done);
  // The two children stay with what they have in the semester to come; only their old enrollments went.
  const kept = await data<{ students: Array<{ id: string }> }>('students', {}, family.accessToken);
  expect(kept.students.map((student) => student.id).sort()).toEqual([asking.id, accepting.id].sort());
  expect((await familyLotteryRequests(family.sub, coming.id)).map((request) => request.studentId)).toEqual([asking.id]);
  expect((await acceptancesOf(family.sub, accepting.id)).map((a) => a.semesterId)).toEqual([coming.id]);
  const { enrollments } = await data<{ enrollments: unknown[] }>('myEnrollments', {}, family.accessToken);
  expect(enrollments).toEqual([]);
  const after = await preview();
  expect(after.kept.filter((student) => ours.has(student.name))).toEqual([]);
  expect(after.students.filter((student) => ours.has(student.name))).toEqual([]);
});

test('given children the plan would remove, when a lottery request or a policy acceptance for a semester not ended is written before the removal reaches them, then they stay with it', async () => {
  const old = await endedSemester(7);
  const coming = await openSemester();
  const [oldClass, comingClass] = [await newClass(old.id), await newClass(coming.id)];
  const { family, children } = await childrenEnrolledIn(oldClass.id, ['Dana', 'Eli']);
  const [asking, accepting] = children as [Student, Student];
  const plan = await retentionPlan(3);
  const planned = children.map((child) => plan.students.find((student) => student.studentId === child.id)!);
  expect(planned.map((student) => student.removeStudent)).toEqual([true, true]);

  // Written after the plan was made, before the removal reaches the children.
  await putLotteryRequests([lotteryRequest(family, coming.id, asking.id, comingClass.id)]);
  await acceptPolicyOf(coming.id, family, accepting.id);
  for (const student of planned) expect((await removeStudentRecords(student, plan)).students).toBe(0);

  const kept = await data<{ students: Array<{ id: string }> }>('students', {}, family.accessToken);
  expect(kept.students.map((student) => student.id).sort()).toEqual([asking.id, accepting.id].sort());
  expect((await familyLotteryRequests(family.sub, coming.id)).map((request) => request.studentId)).toEqual([asking.id]);
  expect((await acceptancesOf(family.sub, accepting.id)).map((a) => a.semesterId)).toEqual([coming.id]);
});

test("a child's removal is refused in its transaction once a policy was accepted for the child after the child was read", async () => {
  const coming = await openSemester();
  const { family, students } = await familyWithStudents(1, 'retention-guard');
  const child = students[0]!;
  const seen = (await getStudent(family.sub, child.id))!;
  await acceptPolicyOf(coming.id, family, child.id);
  expect((await transactWrite([studentDeleteIfUntouched(family.sub, seen)])).committed).toBe(false);
  expect((await data<{ students: Array<{ id: string }> }>('students', {}, family.accessToken)).students).toEqual([
    expect.objectContaining({ id: child.id }),
  ]);
});
