// Data retention (/admin/retention): the administrator sees exactly which ended semesters and which students
// a removal takes, confirms (the question passes axe on a phone and a desktop), and the records go, with the
// removal on record.
import type { Browser } from 'playwright-core';
import { launchBrowser, toast } from '../support/browser';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data, enrollAndWait } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';
import { openAsAdmin, unique } from './admin-session';
import { DESKTOP, expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given a child enrolled only in a semester that ended five years ago, when the admin removes what the preview shows, then the child and the enrollment are gone and the removal is on record', async () => {
  const admin = (await adminSession()).accessToken;
  const ended = new Date(Date.now() - 5 * 365 * 24 * 60 * 60 * 1000);
  const semester = await openSemester({
    name: unique('Winter long ago'),
    startDate: new Date(ended.getTime() - 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    endDate: ended.toISOString().slice(0, 10),
    registrationOpens: undefined,
    registrationCloses: undefined,
  });
  const cls = await newClass(semester.id);
  const { students } = await familyWithStudents(1, 'retention-e2e');
  const child = students[0]!;
  await enrollAndWait({ studentId: child.id, classId: cls.id }, admin);
  await data('saveRetention', { years: 3 }, admin);

  const { page, context } = await openAsAdmin(browser, '/admin/retention');
  await page.getByRole('heading', { name: 'Data Retention', level: 1 }).waitFor();
  expect(await page.getByLabel('Years to keep records after a semester ended').inputValue()).toBe('3');
  const semesters = page.getByRole('table', { name: 'Ended semesters' });
  await semesters.getByRole('rowheader', { name: semester.name }).waitFor();
  const going = page.getByRole('table', { name: 'Students who would be removed' });
  await going.getByRole('rowheader', { name: `${child.firstName} ${child.lastName}` }).waitFor();

  // The question, checked with axe on a phone and a desktop window (records to remove exist only here, so
  // the accessibility sweep cannot open it); "Keep it" leaves everything in place.
  const reported: string[] = [];
  const dialog = page.getByRole('dialog', { name: 'Remove these records for good?' });
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.getByRole('button', { name: 'Remove these records' }).click();
  await dialog.getByRole('button', { name: 'Remove records' }).waitFor();
  reported.push(...(await violations(page, 'phone: retention question')));
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await dialog.waitFor({ state: 'detached' });
  await going.getByRole('rowheader', { name: `${child.firstName} ${child.lastName}` }).waitFor();
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await page.getByRole('button', { name: 'Remove these records' }).click();
  expect(await dialog.innerText()).toContain(semester.name);
  reported.push(...(await violations(page, 'desktop: retention question')));
  await dialog.getByRole('button', { name: 'Remove records' }).click();
  await toast(page, /1 student and 1 enrollment were removed\./).waitFor();
  await page.getByText("Nothing to remove: no semester that ended before that day holds children's records.").waitFor();
  const removals = page.getByRole('table', { name: 'Removals' });
  const latest = removals.getByRole('row').nth(1);
  expect(await latest.innerText()).toContain(TEST_ADMIN.email);
  expect(await latest.innerText()).toContain(semester.name);
  await context.close();
  expectNone(reported);
});
