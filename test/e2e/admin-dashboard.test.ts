// The administrators' dashboard (/admin): a semester's seats per class with fill bars, totals, the classes
// full or about to fill, the latest enrollment activity, and links to act on each class.
import type { Browser } from 'playwright-core';
import type { Class, Semester } from '../../lambdas/contract/records';
import { launchBrowser, waitForPath } from '../support/browser';
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';

let browser: Browser;
let semester: Semester;
let full: Class;
let filling: Class;
let quiet: Class;
beforeAll(async () => {
  browser = await launchBrowser();
  semester = await openSemester({ name: unique('Dashboard semester') });
  [full, filling, quiet] = await Promise.all([
    newClass(semester.id, { name: unique('Full Glacier'), capacity: 1 }),
    newClass(semester.id, { name: unique('Filling Ridge'), capacity: 3 }),
    newClass(semester.id, { name: unique('Quiet Meadow'), capacity: 20 }),
  ]);
  const { family, students } = await familyWithStudents(3, 'dashboard');
  for (const [student, cls] of [
    [students[0]!, full],
    [students[1]!, full],
    [students[2]!, filling],
  ] as const) {
    await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  }
});
afterAll(async () => {
  await browser?.close();
});

const dashboardOf = (id: string) => `/admin?semesterId=${id}`;

test('given a semester with a full class, one about to fill and a waitlist, when the admin picks it on the dashboard, then every class shows its seats, the totals add up and the latest activity names who did what', async () => {
  const { page, context } = await openAsAdmin(browser, '/admin');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Semester' }).click();
  await page.getByRole('option', { name: semester.name }).click();
  await page.waitForURL((url) => url.searchParams.get('semesterId') === semester.id);
  await page.getByRole('heading', { name: semester.name, level: 2 }).waitFor();

  const bar = (cls: Class) => page.getByRole('progressbar', { name: new RegExp(`^${cls.name}:`) });
  expect(await bar(full).getAttribute('aria-valuetext')).toBe('1 of 1 seats taken');
  expect(await bar(full).getAttribute('aria-valuenow')).toBe('100');
  expect(await bar(filling).getAttribute('aria-valuetext')).toBe('1 of 3 seats taken');
  expect(await bar(quiet).getAttribute('aria-valuetext')).toBe('0 of 20 seats taken');
  const row = (cls: Class) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(cls.name) }) });
  await row(full).getByText('Full', { exact: true }).waitFor();
  expect(await row(full).getByRole('cell').nth(1).innerText()).toBe('1');
  await row(filling).getByText('About to fill: 2 left').waitFor();
  expect(
    await row(quiet)
      .getByText(/Full|About to fill/)
      .count(),
  ).toBe(0);

  const totals = page.getByRole('region', { name: 'Semester totals' });
  expect(await totals.textContent()).toBe('Enrolled2 / 24Seats left22Waitlisted1Classes3Full1About to fill1');

  const activity = page.getByRole('list', { name: 'Latest enrollment activity' });
  await activity.getByText(`Child2 Tester joined the waitlist of ${full.name}`).waitFor();
  await activity.getByText(`Child1 Tester enrolled in ${full.name}`).waitFor();
  expect(await activity.getByText(/^by the family ·/).count()).toBe(3);

  await page.getByRole('button', { name: /^Full or about to fill \(2\)$/ }).click();
  await row(quiet).waitFor({ state: 'detached' });
  expect(await page.getByRole('rowheader').count()).toBe(2);
  await context.close();
});

test('given the dashboard, when the admin follows a class link, then they reach its enrollments, its edit form or its roster', async () => {
  const { page, context } = await openAsAdmin(browser, dashboardOf(semester.id));
  const links = {
    [`Enrollments of ${full.name}`]: `/admin/enrollments?classId=${full.id}`,
    [`Edit ${full.name}`]: `/admin/classes/management/class/${full.id}`,
    [`Roster of ${full.name}`]: `/admin/report?classId=${full.id}`,
  };
  for (const [name, href] of Object.entries(links))
    expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(href);
  await page.getByRole('link', { name: `Enrollments of ${full.name}` }).click();
  await page.getByRole('heading', { name: 'Enrollments', level: 1 }).waitFor();
  await page.waitForURL(
    (url) => url.searchParams.get('classId') === full.id && url.searchParams.get('semesterId') === semester.id,
  );
  await page.goBack();
  await page.getByRole('link', { name: 'Admins and settings' }).click();
  await waitForPath(page, '/admin/settings');
  await page.getByRole('heading', { name: 'Admins and Settings', level: 1 }).waitFor();
  await context.close();
});

test('given a tablet 768px wide, then the dashboard fits the screen and every class keeps its bar and its links within reach of the keyboard', async () => {
  const { page, context } = await openAsAdmin(browser, dashboardOf(semester.id), { width: 768, height: 1024 });
  await page.getByRole('progressbar', { name: new RegExp(`^${full.name}:`) }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const edit = page.getByRole('link', { name: `Edit ${quiet.name}` });
  const box = (await edit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(768);
  await edit.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/admin/classes/management/class/${quiet.id}`);
  await context.close();
});

test('given the dashboard cannot load, then it says so and Retry loads it', async () => {
  const { page, context } = await openAsAdmin(browser, '/admin/settings');
  let failed = false;
  await page.route('**/api/fn/adminDashboard', (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
  });
  await page.goto(dashboardOf(semester.id));
  await page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' }).waitFor();
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: semester.name, level: 2 }).waitFor();
  await context.close();
});
