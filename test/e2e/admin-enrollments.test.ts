// Enrollments (/admin/enrollments): a semester's enrollments filtered by class, status and name; cancel,
// promote from the waitlist and move to another class, each confirmed and told in a toast; the audit
// trail; the CSV export of what the filters show.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { Class } from '../../lambdas/contract/records';
import { launchBrowser, toast } from '../support/browser';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { csvLine } from '../support/csv';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new family whose children are enrolled, in this order, in the classes given. */
async function enrolled(classes: Class[]) {
  const { family, students } = await familyWithStudents(classes.length, 'enrollments');
  for (const [index, cls] of classes.entries())
    await data('enroll', { studentId: students[index]!.id, classId: cls.id }, family.accessToken);
}

const row = (page: Page, student: string) => page.getByRole('row').filter({ hasText: student });
const status = (page: Page, student: string) => row(page, student).locator('[data-field="status"]');

test('given a full class with a waitlist, when the admin opens its enrollments, moves the enrolled student and cancels the promoted one, then each change is confirmed, told and recorded in the activity', async () => {
  const semester = await openSemester({ name: unique('Enrollments semester') });
  const [full, roomy] = await Promise.all([
    newClass(semester.id, { name: unique('Serac Skills'), capacity: 1 }),
    newClass(semester.id, { name: unique('Moraine Walk'), capacity: 3 }),
  ]);
  await enrolled([full, full]);

  const { page, context } = await openAsAdmin(browser, `/admin/enrollments?classId=${full.id}`);
  await page.waitForURL(
    (url) => url.searchParams.get('semesterId') === semester.id && url.searchParams.get('classId') === full.id,
  );
  await page.getByRole('combobox', { name: 'Class' }).getByText(full.name).waitFor();
  await status(page, 'Child1 Tester').getByText('Enrolled', { exact: true }).waitFor();
  await status(page, 'Child2 Tester').getByText('Waitlisted #1', { exact: true }).waitFor();

  await page.getByRole('button', { name: `Promote Child2 Tester in ${full.name}` }).click();
  const promote = page.getByRole('dialog', { name: `Promote Child2 Tester into ${full.name}?` });
  // A plain promotion into a full class would fail: the useful alternative is offered instead.
  await promote
    .getByText('The class is full (1 of 1): promoting adds a seat for Child2 Tester', { exact: false })
    .waitFor();
  expect(await promote.getByRole('button', { name: 'Promote', exact: true }).count()).toBe(0);
  await promote.getByRole('button', { name: 'Add a seat and promote' }).waitFor();
  await promote.getByRole('button', { name: 'Keep it' }).click();

  await page.getByRole('button', { name: `Move Child1 Tester in ${full.name}` }).click();
  const move = page.getByRole('dialog', { name: 'Move Child1 Tester to another class' });
  await move.getByRole('combobox', { name: 'New class' }).click();
  await page.getByRole('option', { name: `${roomy.name} — 3 seats left` }).click();
  await move.getByRole('button', { name: `Move to ${roomy.name}` }).click();
  await toast(page, `Child1 Tester is now enrolled in ${roomy.name}.`).waitFor();
  await row(page, 'Child1 Tester').waitFor({ state: 'detached' });
  await status(page, 'Child2 Tester').getByText('Enrolled', { exact: true }).waitFor();

  await page.getByRole('button', { name: `Cancel Child2 Tester in ${full.name}` }).click();
  await page
    .getByRole('dialog', { name: "Cancel Child2 Tester's enrollment?" })
    .getByRole('button', { name: 'Cancel enrollment' })
    .click();
  await toast(page, `Child2 Tester is no longer enrolled in ${full.name}.`).waitFor();
  await page.getByText('No enrollments match these filters.').waitFor();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await status(page, 'Child1 Tester').getByText('Cancelled').waitFor();
  await status(page, 'Child2 Tester').getByText('Cancelled').waitFor();

  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByRole('list', { name: 'Enrollment activity' });
  const entry = (text: string) => activity.getByRole('listitem').filter({ hasText: text });
  await entry(`Child2 Tester's enrollment in ${full.name} was cancelled`)
    .getByText(/^by an administrator/)
    .waitFor();
  await entry(`Child1 Tester was moved into ${roomy.name}`)
    .getByText(/^by an administrator/)
    .waitFor();
  await entry(`Child2 Tester moved up from the waitlist into ${full.name}`)
    .getByText(/^by the portal/)
    .waitFor();
  expect(await activity.getByRole('listitem').first().textContent()).toContain(
    `Child2 Tester's enrollment in ${full.name} was cancelled`,
  );
  await context.close();
});

test('given a closed class with a free seat and a waitlist, when the admin promotes the waiting student by keyboard, then they are enrolled ahead of the line', async () => {
  const semester = await openSemester({ name: unique('Promote semester') });
  const cls = await newClass(semester.id, { name: unique('Cornice Safety'), capacity: 1 });
  await enrolled([cls, cls]);
  // A closed class keeps its waitlist when it gets more seats: the free seat is the administrator's to give.
  const { enrolled: _enrolled, waitlisted: _waitlisted, seatsLeft: _seatsLeft, ...input } = cls;
  await data('saveClass', { ...input, capacity: 2, status: 'closed' }, (await adminSession()).accessToken);

  const { page, context } = await openAsAdmin(
    browser,
    `/admin/enrollments?semesterId=${semester.id}&classId=${cls.id}`,
  );
  // By keyboard: from the filters into the grid, down to the second student, to the end of their actions (Cancel), back to Promote.
  const focusReaches = (wanted: string) =>
    page
      .waitForFunction(
        (text) =>
          [document.activeElement?.getAttribute('aria-label'), document.activeElement?.textContent].includes(text),
        wanted,
        { timeout: 5000 },
      )
      .catch(async () => {
        throw new Error(
          `focus did not reach ${wanted}: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300))}`,
        );
      });
  // One press at a time, each waiting for focus to move, as a keyboard user would: the grid scrolls the
  // actions column into view between presses, and a press sent meanwhile may land before focus does.
  const pressUntil = async (key: string, wanted: string, most: number) => {
    for (let press = 0; press < most; press += 1) {
      const now = await page.evaluate(() => [
        document.activeElement?.getAttribute('aria-label'),
        document.activeElement?.textContent,
      ]);
      if (now.includes(wanted)) return;
      const before = await page.evaluate(() => document.activeElement?.outerHTML);
      await page.keyboard.press(key);
      await page
        .waitForFunction((html) => document.activeElement?.outerHTML !== html, before, { timeout: 1000 })
        .catch(() => undefined);
    }
    await focusReaches(wanted);
  };
  await page.getByRole('button', { name: 'Export CSV', disabled: false }).focus();
  await page.keyboard.press('Tab');
  await focusReaches('Student');
  await pressUntil('ArrowDown', 'Child2 Tester', 3);
  await pressUntil('ArrowRight', `Cancel Child2 Tester in ${cls.name}`, 14);
  await pressUntil('ArrowLeft', `Promote Child2 Tester in ${cls.name}`, 3);
  await page.keyboard.press('Enter');
  const promote = page.getByRole('dialog', { name: `Promote Child2 Tester into ${cls.name}?` });
  await promote.getByText('1 seat free now.', { exact: false }).waitFor();
  await promote.getByRole('button', { name: 'Promote', exact: true }).click();
  await toast(page, `Child2 Tester is now enrolled in ${cls.name}.`).waitFor();
  await status(page, 'Child2 Tester').getByText('Enrolled', { exact: true }).waitFor();
  await context.close();
});

test('given a semester, when the admin searches a name and filters a class, then the list and its CSV export show just those enrollments', async () => {
  const semester = await openSemester({ name: unique('Export semester') });
  const [east, west] = await Promise.all([
    newClass(semester.id, { name: unique('East Face') }),
    newClass(semester.id, { name: unique('West Ridge') }),
  ]);
  await enrolled([east, west, east]);

  const { page, context } = await openAsAdmin(browser, `/admin/enrollments?semesterId=${semester.id}`);
  await page.getByText('3 of 3 enrollments shown').waitFor();
  await page.getByRole('searchbox', { name: 'Student name' }).fill('CHILD3');
  await page.getByText('1 of 3 enrollments shown').waitFor();
  await page.waitForURL((url) => url.searchParams.get('student') === 'CHILD3');
  const exported = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    return {
      name: download.suggestedFilename(),
      lines: (await readFile((await download.path())!, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    };
  };
  const one = await exported();
  expect(one.name).toBe(`${semester.name.toLowerCase().replace(/ /g, '-')}-enrollments.csv`);
  expect(one.lines).toEqual([
    csvLine('First name', 'Last name', 'Grade', 'Class', 'Status', 'Group', 'Family e-mail', 'Since'),
    expect.stringMatching(
      new RegExp(
        `^"Child3","Tester","7","${east.name}","Enrolled","","enrollments-.*@example.com","\\d{4}-\\d{2}-\\d{2}"$`,
      ),
    ),
  ]);

  await page.getByRole('searchbox', { name: 'Student name' }).fill('');
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: east.name }).click();
  await page.getByText('2 of 3 enrollments shown').waitFor();
  const two = await exported();
  expect(two.name).toBe(
    `${semester.name.toLowerCase().replace(/ /g, '-')}-enrollments-${east.name.toLowerCase().replace(/ /g, '-')}.csv`,
  );
  expect(
    two.lines
      .slice(1)
      .map((line) => line.split(',').slice(0, 4).join(','))
      .sort(),
  ).toEqual([csvLine('Child1', 'Tester', 7, east.name), csvLine('Child3', 'Tester', 7, east.name)]);
  await context.close();
});

test('given the enrollments cannot load, then the page says so and Retry loads them', async () => {
  const semester = await openSemester({ name: unique('Failing semester') });
  await enrolled([await newClass(semester.id)]);
  const { page, context } = await openAsAdmin(browser, '/admin/settings');
  let failed = false;
  await page.route('**/api/fn/semesterEnrollments', (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong. Please try again.' } }),
    });
  });
  await page.goto(`/admin/enrollments?semesterId=${semester.id}`);
  await page
    .getByRole('alert')
    .getByText('The enrollments could not be loaded: Something went wrong. Please try again.')
    .waitFor();
  await page.getByRole('button', { name: 'Retry' }).click();
  await status(page, 'Child1 Tester').getByText('Enrolled').waitFor();
  await context.close();
});
