// The administrators' views: dashboard, class rosters, semester enrollments, activity, t-shirts, settings.
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import type { ActivityEntry, Class, RosterEntry, SemesterEnrollment } from '../../lambdas/contract/records';
import { adminSession, classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { TOKEN_VALIDITY } from '../../infra/tokenValidity';
import { call, data, refreshed, signUpFamily, tokenClaims, turnOnSecondFactor, type SignedIn } from '../support/portal';

let admin: SignedIn;
beforeAll(async () => {
  admin = await adminSession();
});
const asAdmin = <T>(name: Parameters<typeof data>[0], payload: unknown = {}) =>
  data<T>(name, payload, admin.accessToken);

test('the dashboard shows each class with its seats, the totals, the classes about to fill and the latest activity with names', async () => {
  const semester = await openSemester();
  const [small, large] = [await newClass(semester.id, { capacity: 2 }), await newClass(semester.id, { capacity: 20 })];
  const { family, students } = await familyWithStudents(2);
  await data('enroll', { studentId: students[0]!.id, classId: small.id }, family.accessToken);
  await data('enroll', { studentId: students[1]!.id, classId: large.id }, family.accessToken);
  const dashboard = await asAdmin<{
    classes: Class[];
    totals: Record<string, number>;
    aboutToFill: string[];
    activity: ActivityEntry[];
  }>('adminDashboard', { semesterId: semester.id });
  expect(dashboard.classes.map((c) => [c.id, c.enrolled, c.capacity]).sort()).toEqual(
    [
      [small.id, 1, 2],
      [large.id, 1, 20],
    ].sort(),
  );
  expect(dashboard.totals).toEqual({ classes: 2, capacity: 22, enrolled: 2, waitlisted: 0, seatsLeft: 20, full: 0 });
  expect(dashboard.aboutToFill).toEqual([small.id]);
  expect(dashboard.activity.map((a) => [a.className, a.studentName, a.from, a.to])).toEqual([
    [large.name, 'Child2 Tester', 'none', 'enrolled'],
    [small.name, 'Child1 Tester', 'none', 'enrolled'],
  ]);
});

test("a class roster lists each enrolled and waitlisted student's whole sheet with the family's e-mail", async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const { family, students } = await familyWithStudents(2);
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  const { roster, waitlist } = await asAdmin<{ roster: RosterEntry[]; waitlist: RosterEntry[] }>('classRoster', {
    classId: cls.id,
  });
  expect(roster).toEqual([
    expect.objectContaining({ status: 'enrolled', guardianEmail: family.email, student: students[0] }),
  ]);
  expect(waitlist).toEqual([
    expect.objectContaining({ status: 'waitlisted', waitlistPosition: 1, student: students[1] }),
  ]);
  expect((await call('classRoster', { classId: cls.id }, family.accessToken)).status).toBe(403);
});

test("a semester's enrollments come a page at a time, every one exactly once, in class order across the list's shards", async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 3 });
  const other = await newClass(semester.id, { capacity: 3 });
  const { family, students } = await familyWithStudents(5);
  // Five children of one family in one class: past a family's cap, so an administrator enrolls them.
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, admin.accessToken);
  for (const student of students.slice(0, 2))
    await data('enroll', { studentId: student.id, classId: other.id }, admin.accessToken);
  const seen: SemesterEnrollment[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page: { enrollments: SemesterEnrollment[]; nextCursor?: string } = await asAdmin('semesterEnrollments', {
      semesterId: semester.id,
      limit: 2,
      ...(cursor && { cursor }),
    });
    seen.push(...page.enrollments);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  expect(pages).toBeGreaterThanOrEqual(4);
  const keys = seen.map((e) => `${e.classId}#${e.studentId}`);
  expect(keys).toEqual([...new Set(keys)].sort());
  expect(
    seen
      .filter((e) => e.classId === cls.id)
      .map((e) => e.studentId)
      .sort(),
  ).toEqual(students.map((s) => s.id).sort());
  expect(seen.filter((e) => e.classId === other.id)).toHaveLength(2);
  expect(
    seen
      .filter((e) => e.classId === cls.id && e.status === 'waitlisted')
      .map((e) => e.waitlistPosition)
      .sort(),
  ).toEqual([1, 2]);
  expect(seen.find((e) => e.classId === cls.id)).toMatchObject({
    className: cls.name,
    guardianEmail: family.email,
    student: expect.objectContaining({ emergencyContacts: expect.any(Array) }),
  });
  expect(
    (await call('semesterEnrollments', { semesterId: semester.id, cursor: 'not-a-cursor' }, admin.accessToken)).body
      .error?.message,
  ).toBe('cursor: is not a valid cursor');
});

test('an administrator promotes a waitlisted student into a free seat ahead of the line, and moves a student to another class', async () => {
  const semester = await openSemester();
  const [full, other] = [await newClass(semester.id, { capacity: 1 }), await newClass(semester.id, { capacity: 1 })];
  const { family, students } = await familyWithStudents(3);
  for (const student of students) await data('enroll', { studentId: student.id, classId: full.id }, family.accessToken);
  const noSeat = await call('promoteEnrollment', { enrollmentId: `${full.id}~${students[2]!.id}` }, admin.accessToken);
  expect(noSeat.body.error).toEqual({
    code: 'failed-precondition',
    message: `${full.name} has no free seat: raise its capacity or cancel an enrollment first.`,
  });

  const moved = await asAdmin<{ enrollment: { status: string; classId: string } }>('moveEnrollment', {
    enrollmentId: `${full.id}~${students[0]!.id}`,
    classId: other.id,
  });
  expect(moved.enrollment).toMatchObject({ classId: other.id, status: 'enrolled' });
  const byStudent = async () =>
    new Map(
      (
        await data<{ enrollments: Array<{ id: string; status: string; waitlistPosition?: number }> }>(
          'myEnrollments',
          {},
          family.accessToken,
        )
      ).enrollments.map((e) => [e.id, e]),
    );
  // The seat freed in the full class went to the first in line.
  expect((await byStudent()).get(`${full.id}~${students[1]!.id}`)?.status).toBe('enrolled');
  expect((await byStudent()).get(`${full.id}~${students[0]!.id}`)?.status).toBe('cancelled');

  const moveBack = await call(
    'moveEnrollment',
    { enrollmentId: `${other.id}~${students[0]!.id}`, classId: full.id },
    admin.accessToken,
  );
  expect(moveBack.body.data).toEqual({
    enrollment: expect.objectContaining({ status: 'waitlisted', waitlistPosition: 2 }),
  });
});

test('given a full class, when an administrator promotes with a seat added, then that student gets the new seat, ahead of the line, and the capacity grows by one', async () => {
  const semester = await openSemester();
  const full = await newClass(semester.id, { capacity: 1 });
  const { family, students } = await familyWithStudents(3);
  for (const student of students) await data('enroll', { studentId: student.id, classId: full.id }, family.accessToken);
  const last = `${full.id}~${students[2]!.id}`;
  const promoted = await asAdmin<{ enrollments: Array<{ id: string; status: string }> }>('promoteEnrollment', {
    enrollmentId: last,
    addSeat: true,
  });
  expect(promoted.enrollments).toEqual([expect.objectContaining({ id: last, status: 'enrolled' })]);
  expect(await classNow(full.id)).toMatchObject({ capacity: 2, enrolled: 2, waitlisted: 1 });
  const { enrollments } = await data<{ enrollments: Array<{ id: string; status: string; waitlistPosition?: number }> }>(
    'myEnrollments',
    {},
    family.accessToken,
  );
  // The one ahead of them still waits, first in line.
  expect(enrollments.find((e) => e.id === `${full.id}~${students[1]!.id}`)).toMatchObject({
    status: 'waitlisted',
    waitlistPosition: 1,
  });
});

test('t-shirt sizes are reordered and retired, never removed, and counted per class and semester', async () => {
  const { sizes } = await asAdmin<{ sizes: Array<{ code: string; label: string; retired?: boolean }> }>(
    'adminTshirtSizes',
  );
  const removed = await call('saveTshirtSizes', { sizes: sizes.slice(1) }, admin.accessToken);
  expect(removed.body.error?.message).toBe(
    `sizes: ${sizes[0]!.code} (${sizes[0]!.label}) is missing: retire a size rather than removing it`,
  );
  const semester = await openSemester();
  const cls = await newClass(semester.id);
  const { family, students } = await familyWithStudents(2);
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  const counts = await asAdmin<{
    classes: Array<{ classId: string; counts: Record<string, number> }>;
    semesterCounts: Record<string, number>;
  }>('tshirtCounts', { semesterId: semester.id });
  expect(counts.classes).toEqual([{ classId: cls.id, className: cls.name, counts: { YM: 2 } }]);
  expect(counts.semesterCounts).toEqual({ YM: 2 });
});

test('the remote configuration is edited by administrators only', async () => {
  const { values } = await data<{ values: Record<string, string> }>('config');
  const family = await signUpFamily();
  expect((await call('saveConfig', { values }, family.accessToken)).status).toBe(403);
  expect((await call('saveConfig', { values: { 'bad key': 'x' } }, admin.accessToken)).status).toBe(400);
  expect(await asAdmin('saveConfig', { values })).toEqual({ values, timeZone: LOCAL_TIME_ZONE });
});

test('administrators are granted and revoked by e-mail; nobody revokes themselves', async () => {
  const family = await signUpFamily('future-admin');
  await turnOnSecondFactor(family);
  const granted = await asAdmin<{ admins: Array<{ email: string }> }>('grantAdmin', {
    email: family.email.toUpperCase(),
  });
  expect(granted.admins.map((a) => a.email)).toContain(family.email);
  expect((await call('grantAdmin', { email: 'nobody-here@example.com' }, admin.accessToken)).status).toBe(404);
  expect((await call('revokeAdmin', { email: admin.email }, admin.accessToken)).status).toBe(409);
  const revoked = await asAdmin<{ admins: Array<{ email: string }> }>('revokeAdmin', { email: family.email });
  expect(revoked.admins.map((a) => a.email)).not.toContain(family.email);
});

test('a removed administrator is signed out everywhere: no new tokens, and the access token they hold expires within its 15 minutes', async () => {
  const future = await signUpFamily('short-lived-admin');
  await turnOnSecondFactor(future);
  await asAdmin('grantAdmin', { email: future.email });
  const asGranted = await refreshed(future);
  expect(tokenClaims(asGranted.accessToken)['cognito:groups']).toContain('admin');
  expect((await call('admins', {}, asGranted.accessToken)).status).toBe(200);
  await asAdmin('revokeAdmin', { email: future.email });
  await expect(refreshed(asGranted)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  const { iat, exp } = tokenClaims(asGranted.accessToken);
  expect(exp - iat).toBe(TOKEN_VALIDITY.accessTokenMinutes * 60);
});

test('the calendar lists class meetings in a date range, and refuses a range too long or backwards', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { meetings: [{ date: semester.startDate, start: '10:00', end: '12:00' }] });
  const { events } = await data<{ events: Array<{ classId: string; start: string; end: string; title: string }> }>(
    'calendar',
    { from: semester.startDate, to: semester.startDate },
  );
  expect(events).toContainEqual({
    classId: cls.id,
    title: cls.name,
    start: `${semester.startDate}T10:00`,
    end: `${semester.startDate}T12:00`,
    location: 'Summit Lodge',
  });
  expect((await call('calendar', { from: '2026-01-01', to: '2028-01-01' })).body.error?.message).toBe(
    'to: the range may span at most 400 days',
  );
  expect((await call('calendar', { from: '2026-02-01', to: '2026-01-01' })).status).toBe(400);
});

test('every class group of a semester is listed, and the activity of one class is filtered, with who acted', async () => {
  const semester = await openSemester({ registrationOpens: new Date(Date.now() + 86_400_000).toISOString() });
  const [a, b, c] = [
    await newClass(semester.id),
    await newClass(semester.id),
    await newClass(semester.id, { status: 'closed' }),
  ];
  const groupsBefore = await data<{ groups: unknown[] }>('semesterGroups', { semesterId: semester.id });
  expect(groupsBefore.groups).toEqual([]);
  await data('saveGroup', { semesterId: semester.id, name: 'Open pair', classIds: [a.id, b.id] }, admin.accessToken);
  await data(
    'saveGroup',
    { semesterId: semester.id, name: 'With a closed class', classIds: [a.id, c.id] },
    admin.accessToken,
  );
  const { groups } = await data<{ groups: Array<{ name: string }> }>('semesterGroups', { semesterId: semester.id });
  expect(groups.map((group) => group.name)).toEqual(['Open pair', 'With a closed class']);

  const { family, students } = await familyWithStudents(2);
  await data('enroll', { studentId: students[0]!.id, classId: a.id }, admin.accessToken);
  await data('enroll', { studentId: students[1]!.id, classId: b.id }, admin.accessToken);
  await data('cancelEnrollment', { enrollmentId: `${a.id}~${students[0]!.id}` }, family.accessToken);
  const { activity } = await asAdmin<{ activity: ActivityEntry[] }>('enrollmentActivity', {
    semesterId: semester.id,
    classId: a.id,
  });
  expect(activity.map((entry) => [entry.classId, entry.to, entry.actor])).toEqual([
    [a.id, 'cancelled', 'family'],
    [a.id, 'enrolled', 'admin'],
  ]);
});
