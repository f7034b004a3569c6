// Data retention (/admin/retention): the administrator sees exactly which ended semesters and which students
// a removal takes, and which it keeps and why, confirms (the question passes axe on a phone and a desktop), and
// the records go, with the removal on record.
import type { Browser } from 'playwright-core';
import { launchBrowser, toast } from '../support/browser';
import { addStudent, adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
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

test('given children enrolled only in a semester that ended five years ago, one with a policy accepted for a semester not ended, when the admin removes what the preview shows, then the other child and both enrollments are gone, the screen said why the first stays, and the removal is on record', async () => {
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
  const { family } = await familyWithStudents(0, 'retention-e2e');
  const lastName = unique('Kept');
  const child = await addStudent(family, { firstName: 'Ana', lastName });
  const accepted = await addStudent(family, { firstName: 'Ben', lastName });
  for (const student of [child, accepted]) await enrollAndWait({ studentId: student.id, classId: cls.id }, admin);
  // A policy of a semester to come, accepted for the second child: it keeps the child on file.
  const coming = await openSemester({ name: unique('Spring to come') });
  const { version } = await data<{ version: { policyId: string; version: number } }>(
    'savePolicy',
    { title: 'Waiver', text: 'Mountains.', required: true, semesterId: coming.id },
    admin,
  );
  await data(
    'acceptPolicies',
    {
      studentId: accepted.id,
      semesterId: coming.id,
      accepted: [{ policyId: version.policyId, version: version.version }],
    },
    family.accessToken,
  );
  await data('saveRetention', { years: 3 }, admin);

  const { page, context } = await openAsAdmin(browser, '/admin/retention');
  await page.getByRole('heading', { name: 'Data Retention', level: 1 }).waitFor();
  expect(await page.getByLabel('Years to keep records after a semester ended').inputValue()).toBe('3');
  const semesters = page.getByRole('table', { name: 'Ended semesters' });
  await semesters.getByRole('rowheader', { name: semester.name }).waitFor();
  const going = page.getByRole('table', { name: 'Students who would be removed' });
  await going.getByRole('rowheader', { name: `${child.firstName} ${child.lastName}` }).waitFor();
  const kept = page.getByRole('table', { name: 'Students who keep their record' });
  const keptRow = kept.getByRole('row').filter({ hasText: `${accepted.firstName} ${accepted.lastName}` });
  expect(await keptRow.innerText()).toContain(`policies accepted for ${coming.name}`);
  expect(await going.innerText()).not.toContain(`${accepted.firstName} ${accepted.lastName}`);

  // The preview and the question, checked with axe on a phone and a desktop window (records to remove exist
  // only here, so the accessibility sweep cannot show them); "Keep it" leaves everything in place.
  const reported: string[] = [];
  reported.push(...(await violations(page, 'desktop: retention preview')));
  const dialog = page.getByRole('dialog', { name: 'Remove these records for good?' });
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  reported.push(...(await violations(page, 'phone: retention preview')));
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
  await toast(page, /1 student and 2 enrollments were removed\./).waitFor();
  await page.getByText("Nothing to remove: no semester that ended before that day holds children's records.").waitFor();
  const removals = page.getByRole('table', { name: 'Removals' });
  const latest = removals.getByRole('row').nth(1);
  expect(await latest.innerText()).toContain(TEST_ADMIN.email);
  expect(await latest.innerText()).toContain(semester.name);
  await context.close();
  expectNone(reported);
});
