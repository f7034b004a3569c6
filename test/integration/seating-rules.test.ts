// Every path that seats a child judges it by the rules enrolling does, as they are when it decides: the most
// specific refusal first, a priority window as saved the moment before, a waiting child's grade when a seat
// is offered or taken.
import type { AllocationSettings, NamedEnrollment, Semester, Student } from '../../lambdas/contract/records';
import { programmeMoment } from '../support/programmeTime';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, type SignedIn } from '../support/portal';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Saves a semester's allocation settings (a window's `enrolledLastSemester` defaults to false). */
async function saveSettings(settings: Pick<AllocationSettings, 'semesterId'> & { priorityWindows: unknown[] }) {
  await data('saveAllocationSettings', settings, (await adminSession()).accessToken);
}

describe('the most specific refusal comes first', () => {
  test('a family with 3 children in a class that enrolls one of them again is told the child is there already', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, { capacity: 5 });
    const { family, students } = await familyWithStudents(3);
    for (const student of students)
      expect((await enrollAndWait({ studentId: student.id, classId: cls.id }, family.accessToken)).status).toBe(200);

    const again = await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'already-exists',
      message: `${students[0]!.firstName} ${students[0]!.lastName} is already enrolled in ${cls.name}.`,
    });
  });
});

describe('priority windows are read where the decision is made', () => {
  test('a window closed by an administrator refuses the very next enroll, although the function read the window open a moment before', async () => {
    const semester = await openSemester({ registrationOpens: at(2 * DAY), registrationCloses: at(20 * DAY) });
    const cls = await newClass(semester.id);
    const { family, students } = await familyWithStudents(2);
    const window = { name: 'Returning families', opens: at(-HOUR), emails: [family.email] };
    await saveSettings({ semesterId: semester.id, priorityWindows: [window] });
    const first = await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    expect(first.status).toBe(200);

    const later = at(DAY);
    await saveSettings({ semesterId: semester.id, priorityWindows: [{ ...window, opens: later }] });
    const next = await enrollAndWait({ studentId: students[1]!.id, classId: cls.id }, family.accessToken);
    expect(next.status).toBe(409);
    expect(next.body.error!.message).toBe(
      `Registration for ${semester.name} opens for Returning families on ${programmeMoment(later)}.`,
    );
  });

  test('a window opened by an administrator lets the very next enroll in, although the function read it closed a moment before', async () => {
    const semester = await openSemester({ registrationOpens: at(2 * DAY), registrationCloses: at(20 * DAY) });
    const cls = await newClass(semester.id);
    const { family, students } = await familyWithStudents(1);
    const window = { name: 'Staff', opens: at(DAY), emails: [family.email] };
    await saveSettings({ semesterId: semester.id, priorityWindows: [window] });
    const early = await call('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    expect(early.status).toBe(409);

    await saveSettings({ semesterId: semester.id, priorityWindows: [{ ...window, opens: at(-HOUR) }] });
    const now = await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    expect(now.status).toBe(200);
    expect(now.body.data!.enrollments[0]!.status).toBe('enrolled');
  });
});

describe('a waiting child is seated only while it fits, as enrolling judges it', () => {
  /** A class for grades 2-4 with one seat taken, and two grade-3 children waiting, in order. */
  async function fullClassWithTwoWaiting(semesterOverrides: Partial<Semester> = {}) {
    const semester = await openSemester(semesterOverrides);
    const cls = await newClass(semester.id, { capacity: 1, minGrade: 2, maxGrade: 4 });
    const [holder, first, second] = await Promise.all([
      familyWithStudents(1, 'fits-holder'),
      familyWithStudents(1, 'fits-first'),
      familyWithStudents(1, 'fits-second'),
    ]);
    for (const { family, students } of [holder, first, second]) {
      await data('saveStudent', { ...students[0]!, grade: 3 }, family.accessToken);
      expect((await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken)).status).toBe(
        200,
      );
    }
    return { cls, holder, first, second };
  }
  const regrade = (family: SignedIn, student: Student) =>
    data('saveStudent', { ...student, grade: 9 }, family.accessToken);
  const mine = async (family: SignedIn) =>
    (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments;

  test('a freed seat passes over the first waiting child once its grade no longer fits, and its family sees why', async () => {
    const { cls, holder, first, second } = await fullClassWithTwoWaiting();
    await regrade(first.family, first.students[0]!);
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${holder.students[0]!.id}` }, holder.family.accessToken);

    expect((await mine(second.family))[0]).toMatchObject({ status: 'enrolled' });
    expect((await mine(first.family))[0]).toMatchObject({
      status: 'waitlisted',
      passedOverBecause: `${cls.name} is for grades 2–4, and ${first.students[0]!.firstName} is in grade 9.`,
    });
  });

  test('a child whose grade no longer fits cannot accept the seat offered, is told why, and nothing changes', async () => {
    const { cls, holder, first } = await fullClassWithTwoWaiting({ waitlistMode: 'offers', offerHours: 336 });
    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${holder.students[0]!.id}` }, holder.family.accessToken);
    const [offered] = await mine(first.family);
    expect(offered!.offerExpiresAt).toBeDefined();
    await regrade(first.family, first.students[0]!);

    const accepted = await call('acceptOffer', { enrollmentId: offered!.id }, first.family.accessToken);
    expect(accepted.status).toBe(409);
    expect(accepted.body.error!.message).toMatch(
      new RegExp(`^${cls.name} is for grades 2–4, and ${first.students[0]!.firstName} is in grade 9\\. If `),
    );
    expect((await mine(first.family))[0]).toMatchObject({
      status: 'waitlisted',
      offerExpiresAt: offered!.offerExpiresAt,
    });
  });
});
