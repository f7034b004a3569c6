// Priority windows and the allocation settings of a semester: families in a priority group (listed by e-mail,
// or by the rule "had a child enrolled last semester") enroll from their group's opening, before everyone else;
// a family outside the group is refused before its time with a message saying when it may (and told so by
// `myRegistration` before it asks); in a lottery semester nobody enrolls first come first served before the seats
// left after the draw open.
import type { AllocationSettings, Semester } from '../../lambdas/contract/records';
import { programmeMoment } from '../support/programmeTime';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait } from '../support/portal';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const when = programmeMoment;

async function saveSettings(settings: unknown) {
  return call<{ settings: AllocationSettings }>('saveAllocationSettings', settings, (await adminSession()).accessToken);
}

/** A semester whose registration opens for everyone in two days, each test's own year so "last semester" is its own. */
async function semesterOpeningLater(year: number, overrides: Partial<Semester> = {}) {
  return openSemester({
    startDate: `${year}-01-10`,
    endDate: `${year}-03-10`,
    registrationOpens: at(2 * DAY),
    registrationCloses: at(20 * DAY),
    ...overrides,
  });
}
const aYear = () => 2200 + Math.floor(Math.random() * 700);

describe('priority windows', () => {
  test('given a window by e-mail open now, its family enrolls before registration opens; a family in a later window and a family in none are refused with the day they may, and nothing changes', async () => {
    const semester = await semesterOpeningLater(aYear());
    const cls = await newClass(semester.id);
    const [returning, staff, other] = await Promise.all([
      familyWithStudents(1, 'returning'),
      familyWithStudents(1, 'staff'),
      familyWithStudents(1, 'other'),
    ]);
    const staffOpens = at(DAY);
    const saved = await saveSettings({
      semesterId: semester.id,
      priorityWindows: [
        { name: 'Returning families', opens: at(-HOUR), emails: [returning.family.email.toUpperCase()] },
        { name: 'Staff', opens: staffOpens, emails: [staff.family.email] },
      ],
    });
    expect(saved.status).toBe(200);
    // Addresses are kept as one account's, whatever their case.
    expect(saved.body.data!.settings.priorityWindows[0]!.emails).toEqual([returning.family.email.toLowerCase()]);

    // The classes are offered: a family of the open window may enroll now.
    expect(Object.keys(await data('availableEnrollmentClasses'))).toContain(semester.id);
    const enrolled = await enrollAndWait(
      { studentId: returning.students[0]!.id, classId: cls.id },
      returning.family.accessToken,
    );
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data!.enrollments[0]!.status).toBe('enrolled');

    const early = await call('enroll', { studentId: staff.students[0]!.id, classId: cls.id }, staff.family.accessToken);
    expect(early.status).toBe(409);
    expect(early.body.error!.message).toBe(`Registration for ${semester.name} opens for Staff on ${when(staffOpens)}.`);
    const outside = await call(
      'enroll',
      { studentId: other.students[0]!.id, classId: cls.id },
      other.family.accessToken,
    );
    expect(outside.status).toBe(409);
    expect(outside.body.error!.message).toBe(
      `Registration for ${semester.name} opens on ${when(semester.registrationOpens!)}.`,
    );
    expect(await data('myEnrollments', {}, staff.family.accessToken)).toEqual({ enrollments: [] });
    expect(await data('myEnrollments', {}, other.family.accessToken)).toEqual({ enrollments: [] });

    // Each family is told before pressing anything: Class Registration offers Enroll only where it can work.
    const standing = async (token: string) =>
      (await data<{ semesters: Record<string, unknown> }>('myRegistration', {}, token)).semesters[semester.id];
    expect(await standing(returning.family.accessToken)).toEqual({ open: true });
    expect(await standing(staff.family.accessToken)).toEqual({ open: false, message: early.body.error!.message });
    expect(await standing(other.family.accessToken)).toEqual({ open: false, message: outside.body.error!.message });
  });

  test('given the rule "had a child enrolled last semester", a family with a child enrolled in the semester before enrolls early; one whose child only waited there does not', async () => {
    const year = aYear();
    const last = await openSemester({ startDate: `${year - 1}-09-01`, endDate: `${year - 1}-12-01` });
    const lastClass = await newClass(last.id, { capacity: 1 });
    const [stayed, waited] = await Promise.all([familyWithStudents(1, 'stayed'), familyWithStudents(1, 'waited')]);
    for (const { family, students } of [stayed, waited])
      await enrollAndWait({ studentId: students[0]!.id, classId: lastClass.id }, family.accessToken);

    const semester = await semesterOpeningLater(year);
    const cls = await newClass(semester.id);
    expect(
      (
        await saveSettings({
          semesterId: semester.id,
          priorityWindows: [{ name: 'Returning families', opens: at(-HOUR), enrolledLastSemester: true }],
        })
      ).status,
    ).toBe(200);

    const returning = await enrollAndWait(
      { studentId: stayed.students[0]!.id, classId: cls.id },
      stayed.family.accessToken,
    );
    expect(returning.body.data!.enrollments[0]!.status).toBe('enrolled');
    const refused = await call(
      'enroll',
      { studentId: waited.students[0]!.id, classId: cls.id },
      waited.family.accessToken,
    );
    expect(refused.body.error!.message).toBe(
      `Registration for ${semester.name} opens on ${when(semester.registrationOpens!)}.`,
    );
  });

  test('a window must open before everyone else, and list families; what is refused names its field and saves nothing', async () => {
    const semester = await semesterOpeningLater(aYear());
    const late = await saveSettings({
      semesterId: semester.id,
      priorityWindows: [{ name: 'Members', opens: at(3 * DAY), emails: ['member@example.com'] }],
    });
    expect(late.status).toBe(400);
    expect(late.body.error!.message).toBe('priorityWindows[0].opens: must be before registration open for everyone');
    const empty = await saveSettings({
      semesterId: semester.id,
      priorityWindows: [{ name: 'Members', opens: at(HOUR) }],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.message).toMatch(/^priorityWindows\[0\]\.emails: must list e-mail addresses/);
    const admin = (await adminSession()).accessToken;
    expect((await data<{ settings: unknown }>('lotteryDraw', { semesterId: semester.id }, admin)).settings).toEqual({
      semesterId: semester.id,
      priorityWindows: [],
    });
  });
});

describe('a lottery semester', () => {
  test('nobody enrolls first come first served before the seats left after the draw open: the refusal says when requests are taken and when seats open', async () => {
    const year = aYear();
    const semester = await openSemester({ startDate: `${year}-01-10`, endDate: `${year}-03-10` });
    const cls = await newClass(semester.id);
    const { family, students } = await familyWithStudents(1, 'lottery');
    const lottery = {
      requestsOpen: at(-HOUR),
      requestsClose: at(DAY),
      resultsBy: at(2 * DAY),
      seatsOpen: at(3 * DAY),
      choices: 3,
      weighted: true,
    };
    expect((await saveSettings({ semesterId: semester.id, lottery, priorityWindows: [] })).status).toBe(200);
    expect(Object.keys(await data('availableEnrollmentClasses'))).not.toContain(semester.id);
    const refused = await call('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toBe(
      `Seats in ${semester.name} are given by a lottery draw: send your requests from ${when(lottery.requestsOpen)} ` +
        `to ${when(lottery.requestsClose)}. The seats left after the draw open to everyone on ${when(lottery.seatsOpen)}.`,
    );
    // The dates follow one another.
    const backwards = await saveSettings({
      semesterId: semester.id,
      lottery: { ...lottery, resultsBy: at(-2 * HOUR) },
      priorityWindows: [],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error!.message).toBe('lottery.resultsBy: must be after requests close');
  });
});
