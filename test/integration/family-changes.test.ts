// A family's own changes once its child holds a seat: a move to another class with a seat, in one step (the seat
// held given up only as the new one is taken, and the next child waiting gets it), or onto a full class's waitlist
// keeping the seat until one there is the child's; and drops; until the semester's deadline for changes, after
// which the office changes classes and a waitlist can still be left.
import type { Class, Enrollment, NamedEnrollment } from '../../lambdas/contract/records';
import { adminSession, classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, waitForMail, type SignedIn } from '../support/portal';

const HOUR_MS = 3_600_000;

interface Child {
  family: SignedIn;
  studentId: string;
  firstName: string;
}

async function childOfNewFamily(name: string): Promise<Child> {
  const { family, students } = await familyWithStudents(1, name);
  return { family, studentId: students[0]!.id, firstName: students[0]!.firstName };
}

const enroll = ({ family, studentId }: Child, cls: Pick<Class, 'id'>) =>
  data('enroll', { studentId, classId: cls.id }, family.accessToken);
const transfer = ({ family, studentId }: Child, from: Pick<Class, 'id'>, to: Pick<Class, 'id'>, waitForSeat?: true) =>
  call<{ enrollment: Enrollment }>(
    'transferEnrollment',
    { enrollmentId: `${from.id}~${studentId}`, classId: to.id, ...(waitForSeat && { waitForSeat }) },
    family.accessToken,
  );
const cancel = ({ family, studentId }: Child, cls: Pick<Class, 'id'>) =>
  data('cancelEnrollment', { enrollmentId: `${cls.id}~${studentId}` }, family.accessToken);
const statusIn = async ({ family, studentId }: Child, cls: Pick<Class, 'id'>) =>
  (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments.find(
    (entry) => entry.id === `${cls.id}~${studentId}`,
  )?.status;

test('a child moves to a class with a seat in one step: enrolled there, the seat left goes to the next child waiting, and the family is e-mailed', async () => {
  const semester = await openSemester();
  const [from, to] = [await newClass(semester.id, { capacity: 1 }), await newClass(semester.id, { capacity: 2 })];
  const mover = await childOfNewFamily('mover');
  const waiting = await childOfNewFamily('waiting');
  await enroll(mover, from);
  await enroll(waiting, from);

  const moved = await transfer(mover, from, to);
  expect(moved.status).toBe(200);
  expect(moved.body.data!.enrollment).toMatchObject({ classId: to.id, status: 'enrolled' });
  expect(await statusIn(mover, from)).toBe('cancelled');
  expect(await statusIn(waiting, from)).toBe('enrolled');
  expect(await classNow(from.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(await classNow(to.id)).toMatchObject({ enrolled: 1, seatsLeft: 1 });
  const mail = await waitForMail(
    mover.family.email,
    `Moved: ${mover.firstName} Tester from ${from.name} to ${to.name}`,
  );
  expect(mail.text).toContain(`As you asked, ${mover.firstName} Tester moved from ${from.name} to ${to.name}`);
});

test('a move to a full class is refused and the child keeps the seat it holds, unless the family asks to wait for a seat there', async () => {
  const semester = await openSemester();
  const [from, full] = [await newClass(semester.id), await newClass(semester.id, { capacity: 1 })];
  const mover = await childOfNewFamily('stays');
  await enroll(await childOfNewFamily('seated'), full);
  await enroll(mover, from);

  const refused = await transfer(mover, from, full);
  expect(refused.status).toBe(409);
  expect(refused.body.error!.message).toBe(
    `${full.name} has no seat left, so ${mover.firstName} stays in ${from.name}. To wait for a seat there, move ${mover.firstName} onto its waitlist: the seat in ${from.name} is kept until one in ${full.name} is ${mover.firstName}'s.`,
  );
  expect(await statusIn(mover, from)).toBe('enrolled');
  expect(await statusIn(mover, full)).toBeUndefined();
});

test("a family's move waits for a seat in a full class keeping the seat it holds; when one there is the child's, the move is made and the seat kept goes to the next in line, down a chain of waiting moves", async () => {
  const semester = await openSemester();
  const [first, second, third] = [
    await newClass(semester.id, { capacity: 1 }),
    await newClass(semester.id, { capacity: 1 }),
    await newClass(semester.id, { capacity: 1 }),
  ];
  const [ava, ben, cal, dan] = await Promise.all(['ava', 'ben', 'cal', 'dan'].map(childOfNewFamily));
  await enroll(ava!, first);
  await enroll(ben!, second);
  await enroll(cal!, third);

  // Ava waits for Second keeping her seat in First; Cal waits for First keeping his in Third; Dan waits for Third.
  const waiting = await transfer(ava!, first, second, true);
  expect(waiting.status).toBe(200);
  expect(waiting.body.data!.enrollment).toMatchObject({
    classId: second.id,
    status: 'waitlisted',
    waitlistPosition: 1,
    movingFrom: first.id,
  });
  expect(await statusIn(ava!, first)).toBe('enrolled');
  const told = await waitForMail(
    ava!.family.email,
    `Waitlisted: ${ava!.firstName} Tester for ${second.name} (position 1)`,
  );
  expect(told.text).toContain(
    `As you asked, ${ava!.firstName} Tester keeps the seat in ${first.name} until a seat in ${second.name}`,
  );
  // One waiting move per seat, and a move of the seat kept waits for it.
  const again = await transfer(ava!, first, third, true);
  expect([again.status, again.body.error?.message]).toEqual([
    409,
    `${ava!.firstName} already waits for a seat in ${second.name}, keeping this one: leave that waitlist on My Enrollments first.`,
  ]);
  expect((await transfer(cal!, third, first, true)).status).toBe(200);
  await enroll(dan!, third);

  // Ben leaves Second: Ava moves there, her seat in First goes to Cal (his move made), and his in Third to Dan.
  await cancel(ben!, second);
  expect([await statusIn(ava!, second), await statusIn(ava!, first)]).toEqual(['enrolled', 'cancelled']);
  expect([await statusIn(cal!, first), await statusIn(cal!, third)]).toEqual(['enrolled', 'cancelled']);
  expect(await statusIn(dan!, third)).toBe('enrolled');
  for (const cls of [first, second, third])
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  const moved = await waitForMail(
    ava!.family.email,
    `Moved: ${ava!.firstName} Tester from ${first.name} to ${second.name}`,
  );
  expect(moved.text).toContain(`As you asked, ${ava!.firstName} Tester moved from ${first.name} to ${second.name}`);
  await waitForMail(cal!.family.email, `Moved: ${cal!.firstName} Tester from ${third.name} to ${first.name}`);
  await waitForMail(dan!.family.email, `A seat opened: ${dan!.firstName} Tester is enrolled in ${third.name}`);

  // Leaving the waitlist of a waiting move keeps the seat; a new waiting move may follow.
  await enroll(await childOfNewFamily('eve'), third);
  expect((await transfer(ava!, second, first, true)).status).toBe(200);
  await cancel(ava!, first);
  expect([await statusIn(ava!, second), await statusIn(ava!, first)]).toEqual(['enrolled', 'cancelled']);
  expect((await transfer(ava!, second, third, true)).status).toBe(200);
});

test('after the deadline for changes, a family can neither move nor drop a seat and is told whom to write to; it may still leave a waitlist; the office still changes classes', async () => {
  const changesClose = new Date(Date.now() - HOUR_MS).toISOString();
  const semester = await openSemester({ changesClose });
  const [cls, other] = [await newClass(semester.id, { capacity: 1 }), await newClass(semester.id)];
  const seated = await childOfNewFamily('late');
  const waiting = await childOfNewFamily('late-waiting');
  await enroll(seated, cls);
  await enroll(waiting, cls);
  const { values } = await data<{ values: Record<string, unknown> }>('config');

  const closed = new RegExp(
    `^Families could move or drop ${semester.name}'s classes until .+\\. To change a class now, write to ${String(values.contactEmail).replace('.', '\\.')}\\.$`,
  );
  const moved = await transfer(seated, cls, other);
  expect(moved.status).toBe(409);
  expect(moved.body.error!.message).toMatch(closed);
  const dropped = await call(
    'cancelEnrollment',
    { enrollmentId: `${cls.id}~${seated.studentId}` },
    seated.family.accessToken,
  );
  expect(dropped.status).toBe(409);
  expect(dropped.body.error!.message).toMatch(closed);
  expect(await statusIn(seated, cls)).toBe('enrolled');

  const left = await call(
    'cancelEnrollment',
    { enrollmentId: `${cls.id}~${waiting.studentId}` },
    waiting.family.accessToken,
  );
  expect(left.status).toBe(200);
  const byOffice = await call(
    'cancelEnrollment',
    { enrollmentId: `${cls.id}~${seated.studentId}` },
    (await adminSession()).accessToken,
  );
  expect(byOffice.status).toBe(200);
});
