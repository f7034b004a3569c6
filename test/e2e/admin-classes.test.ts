// Class management (/admin/classes/management/...): semesters with their registration window, classes with
// every field and the weekly repeat helper, the server's refusals under the fields, closing a class that has
// enrollments instead of deleting it, and class groups.
import type { Browser, Page } from 'playwright-core';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { momentOfWallClock } from '../../lambdas/contract/moments';
import type { Class, ClassGroup, Semester } from '../../lambdas/contract/records';
import { launchBrowser, toast } from '../support/browser';
import { familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { pageMoment } from '../support/programmeTime';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const semesterPage = (semester: Semester) => `/admin/classes/management/semester/${semester.id}`;

async function classesOf(semester: Semester): Promise<Class[]> {
  return (await data<{ classes: Record<string, Class[]> }>('classesBySemester', { semesters: [semester.id] })).classes[
    semester.id
  ]!;
}

test("given an admin, when they create a semester with its dates, registration window and deadline for families' changes, typed on the programme's clock, then it is saved and listed with its window", async () => {
  const name = unique('Summer 2031');
  const { page, context } = await openAsAdmin(browser, '/admin/classes/management');
  await page.getByRole('heading', { name: 'Class Management', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'New semester' }).click();
  const dialog = page.getByRole('dialog', { name: 'New semester' });
  await dialog.getByRole('button', { name: 'Create semester' }).click();
  await dialog.getByText("Enter the semester's name").waitFor();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('First day').fill('2031-06-02');
  await dialog.getByLabel('Last day').fill('2031-08-29');
  await dialog.getByText(`Programme time (${LOCAL_TIME_ZONE})`, { exact: true }).waitFor();
  await dialog.getByLabel('Registration opens').fill('2031-04-01T09:00');
  await dialog.getByLabel('Registration closes').fill('2031-03-01T09:00');
  await dialog.getByRole('button', { name: 'Create semester' }).click();
  await dialog.getByText('must be after registration opens').waitFor();
  expectNone(await violations(page, 'semester dialog with a message'));
  await dialog.getByLabel('Registration closes').fill('2031-05-15T18:30');
  await dialog.getByLabel('Families may move or drop seats until').fill('2031-06-09T17:00');
  await dialog.getByRole('button', { name: 'Create semester' }).click();
  await toast(page, `${name} is saved.`).waitFor();
  await page.getByRole('link', { name, exact: true }).waitFor();

  const { semesters } = await data<{ semesters: Semester[] }>('semesters');
  const saved = semesters.find((semester) => semester.name === name)!;
  // The times typed are the programme's (the local stack's zone), not the browser's (UTC).
  expect(saved).toMatchObject({
    startDate: '2031-06-02',
    endDate: '2031-08-29',
    current: false,
    registrationOpens: momentOfWallClock('2031-04-01T09:00', LOCAL_TIME_ZONE),
    registrationCloses: momentOfWallClock('2031-05-15T18:30', LOCAL_TIME_ZONE),
    changesClose: momentOfWallClock('2031-06-09T17:00', LOCAL_TIME_ZONE),
  });
  await page
    .getByText(
      `Registration opens ${pageMoment(saved.registrationOpens!)}, closes ${pageMoment(saved.registrationCloses!)}`,
    )
    .waitFor();
  await context.close();
});

test('given a semester, when the admin creates a class with the weekly repeat helper and one meeting by hand, then every field and the generated dates are saved', async () => {
  const semester = await openSemester({ name: unique('Repeat semester') });
  const start = Date.parse(`${semester.startDate}T00:00:00Z`);
  const firstMonday = start + ((8 - new Date(start).getUTCDay()) % 7) * DAY;
  const day = (offset: number) => isoDate(firstMonday + offset * DAY);
  const name = unique('Ice Axe Basics');

  const { page, context } = await openAsAdmin(browser, semesterPage(semester));
  await page.getByRole('link', { name: 'New class' }).click();
  await page.getByRole('heading', { name: `New class in ${semester.name}`, level: 1 }).waitFor();
  const form = page.getByRole('form', { name: 'New class' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/^Description\s*\*?$/).fill('Self-arrest and walking on snow slopes.');
  await form.getByLabel('Location').fill('North Couloir');
  await form.getByLabel('Instructor').fill('Ada Peak');
  await form.getByLabel(/^What to bring\s*\*?$/).fill('Gaiters and gloves');
  await form.getByLabel('Capacity').fill('12');
  await form.getByRole('combobox', { name: 'Lowest grade' }).click();
  await page.getByRole('option', { name: 'Grade 3' }).click();
  await form.getByRole('combobox', { name: 'Highest grade' }).click();
  await page.getByRole('option', { name: 'Grade 5' }).click();

  await form.getByRole('button', { name: 'Repeat weekly…' }).click();
  const repeat = page.getByRole('dialog', { name: 'Repeat weekly' });
  await repeat.getByLabel('First date').fill(day(0));
  // No weekday is chosen until the administrator chooses it, not even the first date's.
  expect(await repeat.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('false');
  await repeat.getByRole('button', { name: 'Monday' }).click();
  await repeat.getByRole('button', { name: 'Wednesday' }).click();
  await repeat.getByLabel('Starts at').fill('16:00');
  await repeat.getByLabel('Ends at').fill('17:30');
  await repeat.getByRole('spinbutton', { name: 'Number of meetings' }).fill('5');
  await repeat
    .getByRole('status')
    .getByText(/^5 meetings:/)
    .waitFor();
  await repeat.getByRole('button', { name: 'Add 5 meetings' }).click();
  expect(await form.getByRole('group', { name: /^Meeting \d+$/ }).count()).toBe(5);
  await form.getByRole('button', { name: 'Add a meeting' }).click();
  expect(await form.getByRole('group', { name: 'Meeting 6' }).getByLabel('Date').inputValue()).toBe(day(21));
  await form.getByRole('button', { name: 'Remove meeting 2' }).click();
  await form.getByRole('button', { name: 'Create class' }).click();
  await toast(page, `${name} is saved.`).waitFor();
  await page.waitForURL(`**${semesterPage(semester)}`);
  await page.getByRole('link', { name: `Edit ${name}` }).waitFor();

  const saved = (await classesOf(semester)).find((cls) => cls.name === name)!;
  expect(saved).toMatchObject({
    description: 'Self-arrest and walking on snow slopes.',
    location: 'North Couloir',
    instructor: 'Ada Peak',
    whatToBring: 'Gaiters and gloves',
    capacity: 12,
    minGrade: 3,
    maxGrade: 5,
    status: 'open',
  });
  expect(saved.meetings).toEqual(
    [0, 7, 9, 14, 21].map((offset) => ({ date: day(offset), start: '16:00', end: '17:30' })),
  );
  await context.close();
});

async function editClass(page: Page, cls: Class) {
  await page.goto(`/admin/classes/management/class/${cls.id}`);
  return page.getByRole('form', { name: `Edit ${cls.name}` });
}

test('given a class with two students enrolled, when the admin lowers its capacity to one, then the server refuses with its message; a field the server rejects shows its message under the field', async () => {
  const semester = await openSemester({ name: unique('Capacity semester') });
  const cls = await newClass(semester.id, { name: unique('Rope Work'), capacity: 3 });
  const { family, students } = await familyWithStudents(2, 'capacity');
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);

  const { page, context } = await openAsAdmin(browser, semesterPage(semester));
  const form = await editClass(page, cls);
  await form.getByText('2 enrolled, 0 waiting.', { exact: false }).waitFor();
  await form.getByLabel('Capacity').fill('1');
  await form.getByRole('button', { name: 'Save class' }).click();
  await form
    .getByRole('alert')
    .getByText('The capacity cannot be lower than the 2 students already enrolled.')
    .waitFor();

  await form.getByLabel('Capacity').fill('4');
  await form.getByLabel('Name').fill('N'.repeat(121));
  await form.getByRole('button', { name: 'Save class' }).click();
  const nameField = form.getByRole('textbox', { name: 'Name' });
  await page.getByText('must be at most 120 characters').waitFor();
  expect(await nameField.getAttribute('aria-invalid')).toBe('true');
  expect((await classesOf(semester))[0]).toMatchObject({ name: cls.name, capacity: 3 });
  await context.close();
});

test('given a class with an enrollment and an empty one, when the admin deletes both, then the first is closed instead (and says so) and the second is gone', async () => {
  const semester = await openSemester({ name: unique('Delete semester') });
  const [taken, empty] = await Promise.all([
    newClass(semester.id, { name: unique('Taken Class') }),
    newClass(semester.id, { name: unique('Empty Class') }),
  ]);
  const { family, students } = await familyWithStudents(1, 'delete');
  await data('enroll', { studentId: students[0]!.id, classId: taken.id }, family.accessToken);

  const { page, context } = await openAsAdmin(browser, semesterPage(semester));
  await page.getByRole('button', { name: `Delete ${taken.name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${taken.name}?` })
    .getByRole('button', { name: 'Delete class' })
    .click();
  await toast(page, `${taken.name} has enrollments, so it was closed instead of deleted`).waitFor();
  await page
    .getByRole('row', { name: new RegExp(taken.name) })
    .getByText('Closed', { exact: true })
    .waitFor();

  await page.getByRole('button', { name: `Delete ${empty.name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${empty.name}?` })
    .getByRole('button', { name: 'Delete class' })
    .click();
  await toast(page, `${empty.name} was deleted.`).waitFor();
  await page.getByRole('row', { name: new RegExp(empty.name) }).waitFor({ state: 'detached' });
  expect((await classesOf(semester)).map((cls) => [cls.name, cls.status])).toEqual([[taken.name, 'closed']]);
  await context.close();
});

test('given a semester open for registration, when the admin creates a class group, changes its classes and deletes it, then each change is saved; a grouped class cannot be deleted', async () => {
  const semester = await openSemester({ name: unique('Group semester') });
  const [first, second, third] = await Promise.all(
    ['Skins', 'Crampons', 'Harness'].map((name) => newClass(semester.id, { name: unique(name) })),
  );
  const groupName = unique('Alpine Pack');
  const groupsNow = async () => {
    const open = (await data<Record<string, { groups: ClassGroup[] }>>('availableEnrollmentClasses'))[semester.id]!;
    return open.groups.map((group) => [group.name, group.classIds.length]);
  };

  const { page, context } = await openAsAdmin(browser, semesterPage(semester));
  await page.getByRole('button', { name: 'New class group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New class group' });
  await dialog.getByLabel('Name').fill(groupName);
  for (const cls of [first!, second!]) {
    await dialog.getByRole('combobox', { name: 'Classes' }).fill(cls.name);
    await page.getByRole('option', { name: cls.name }).click();
  }
  // Escape asks before the filled dialog is thrown away.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard what you entered?' });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await question.waitFor({ state: 'detached' });
  expect(await dialog.getByLabel('Name').inputValue()).toBe(groupName);
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await toast(page, `${groupName} is saved.`).waitFor();
  const groups = page.getByRole('list', { name: 'Class groups' });
  await groups.getByText(`${first!.name} · ${second!.name}`).waitFor();
  expect(await groupsNow()).toEqual([[groupName, 2]]);

  await page.getByRole('button', { name: `Delete ${first!.name}` }).click();
  const refusal = page.getByRole('dialog', { name: `Delete ${first!.name}?` });
  await refusal.getByRole('button', { name: 'Delete class' }).click();
  await refusal.getByRole('alert').getByText(`part of the class group ${groupName}`, { exact: false }).waitFor();
  await refusal.getByRole('button', { name: 'Keep it' }).click();

  await page.getByRole('button', { name: `Edit ${groupName}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${groupName}` });
  await edit.getByRole('combobox', { name: 'Classes' }).fill(third!.name);
  await page.getByRole('option', { name: third!.name }).click();
  await edit.getByRole('button', { name: 'Save group' }).click();
  await groups.getByText(`${first!.name} · ${second!.name} · ${third!.name}`).waitFor();
  expect(await groupsNow()).toEqual([[groupName, 3]]);

  await page.getByRole('button', { name: `Delete ${groupName}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${groupName}?` })
    .getByRole('button', { name: 'Delete group' })
    .click();
  await toast(page, `${groupName} was deleted.`).waitFor();
  await page.getByText('No class groups.', { exact: false }).waitFor();
  expect(await groupsNow()).toEqual([]);
  await context.close();
});

test('given a semester whose classes cannot load, then the page says so and Retry loads them', async () => {
  const semester = await openSemester({ name: unique('Retry semester') });
  const cls = await newClass(semester.id, { name: unique('Retry Class') });
  const group = await newGroup(semester.id, [cls.id, (await newClass(semester.id)).id]);
  const { page, context } = await openAsAdmin(browser, '/admin/classes/management');
  let failed = false;
  await page.route('**/api/fn/classesBySemester', (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'The table is asleep.' } }),
    });
  });
  await page.goto(semesterPage(semester));
  await page.getByRole('alert').getByText('The classes could not be loaded: The table is asleep.').waitFor();
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('link', { name: `Edit ${cls.name}` }).waitFor();
  await page.getByRole('list', { name: 'Class groups' }).getByText(group.name).waitFor();
  await context.close();
});
