// Data retention: an administrator previews exactly what a removal would take (the records of semesters
// that ended more than the setting's years ago), then removes it, with an audit record; what is still
// needed stays, and the counts the caps and deletions rely on stay right.
import type { FunctionResult } from '../../lambdas/manifest';
import type { Semester } from '../../lambdas/records';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, type SignedIn } from '../support/portal';
import { acceptancesOf } from '../../lambdas/data/policies';
import { familyLotteryRequests, putLotteryRequests } from '../../lambdas/data/lotteryRequests';

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

test('given students with enrollments in a semester that ended five years ago, when the administrator previews and removes, then exactly the previewed records go, with an audit record, and the rest stays consistent', async () => {
  const old = await endedSemester(5);
  const recent = await endedSemester(2);
  const [oldClass, recentClass, currentClass] = [
    await newClass(old.id),
    await newClass(recent.id),
    await newClass((await openSemester()).id),
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
  // Lottery requests the children made in those semesters.
  const asked = (semesterId: string, studentId: string, classId: string) => ({
    familyId: family.sub,
    semesterId,
    studentId,
    choices: [{ kind: 'class' as const, id: classId }],
    keepTogether: false,
    updatedAt: new Date().toISOString(),
  });
  await putLotteryRequests([
    asked(old.id, onlyOld.id, oldClass.id),
    asked(old.id, alsoNow.id, oldClass.id),
    asked(recent.id, alsoNow.id, recentClass.id),
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
