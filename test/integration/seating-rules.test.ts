// Every path that seats a child judges it by the rules enrolling does, as they are when it decides: the most
// specific refusal first, a priority window as saved the moment before, a waiting child's grade when a seat
// is offered or taken.
import type { AllocationSettings } from '../../lambdas/records';
import { momentText } from '../../lambdas/moments';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait } from '../support/portal';

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
      `Registration for ${semester.name} opens for Returning families on ${momentText(later, 'UTC')}.`,
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
