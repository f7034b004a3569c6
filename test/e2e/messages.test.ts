// Talking to families in Chromium: an administrator writes to a class, sees the e-mail as a family will, sends
// it after a confirmation and follows it in the history; a family cancels and finds the e-mail that says so.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data, outbox, waitForMail } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';

let browser: Browser;
let semesterId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  semesterId = (await openSemester({ name: unique('Messages semester') })).id;
});
afterAll(async () => {
  await browser?.close();
});

test('given a class with families, when an administrator writes to it, previews and sends, then each family gets one e-mail and the history shows it sent', async () => {
  const cls = await newClass(semesterId, { name: unique('Ice Climbing') });
  const siblings = await familyWithStudents(2, 'e2e-siblings');
  const single = await familyWithStudents(1, 'e2e-single');
  for (const [family, student] of [
    ...siblings.students.map((s) => [siblings.family, s] as const),
    [single.family, single.students[0]!] as const,
  ])
    await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);

  const { page, context } = await openAsAdmin(browser, `/admin/messages?semesterId=${semesterId}`);
  const form = page.getByRole('form', { name: 'Write to families' });
  await form.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: cls.name }).click();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('is required').first().isVisible()).resolves.toBe(true);
  await form.getByLabel('Subject').fill('No class on Sunday');
  await form.getByLabel('Message').fill('The road is closed by snow.\n\n- We make it up on **Feb 28**');
  await form.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByText(/It reaches 2 families at 2 addresses/).waitFor();
  const mail = page.frameLocator('iframe[title="Preview of the e-mail"]');
  // (The inbox's preview line, hidden, says the same: the paragraph is what the family reads.)
  await mail.locator('p', { hasText: 'The road is closed by snow.' }).waitFor();
  await expect(mail.locator('strong', { hasText: 'Feb 28' }).count()).resolves.toBe(1);
  await page.getByRole('button', { name: 'Send to 2 families' }).click();
  await page
    .getByRole('dialog', { name: 'Send "No class on Sunday" to 2 families?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await toast(page, 'Sending to 2 families: follow it under Sent messages.').waitFor();

  const history = page.getByRole('table', { name: 'Sent messages' });
  await history
    .getByRole('row', { name: /No class on Sunday/ })
    .getByText('2 sent')
    .waitFor({ timeout: 20_000 });
  await waitForMail(siblings.family.email, 'No class on Sunday');
  await waitForMail(single.family.email, 'No class on Sunday');
  expect(
    (await outbox()).filter((m) => m.to === siblings.family.email && m.subject === 'No class on Sunday'),
  ).toHaveLength(1);
  await context.close();
});

test('given an enrolled child, when the family cancels on My Enrollments, then it finds the e-mail that says so', async () => {
  const cls = await newClass(semesterId, { name: unique('Glacier Walk') });
  const { family, students } = await familyWithStudents(1, 'e2e-cancels');
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/account/enrollments');
  await page.getByRole('button', { name: `Cancel Child1 Tester in ${cls.name}` }).click();
  await page.getByRole('button', { name: 'Cancel enrollment' }).click();
  await toast(page, `Child1 Tester is no longer enrolled in ${cls.name}.`).waitFor();

  // The e-mail, opened as the family's mail program shows it.
  const sent = await waitForMail(family.email, `Cancelled: Child1 Tester in ${cls.name}`);
  await page.setContent(sent.html!);
  await page.getByRole('heading', { name: `Child1 Tester's place in ${cls.name} is cancelled` }).waitFor();
  await page.locator('p', { hasText: 'As you asked, Child1 Tester no longer holds a seat' }).waitFor();
  expect(await page.getByRole('link', { name: 'Class Registration' }).getAttribute('href')).toMatch(
    /\/classes\/enrollment$/,
  );
  await context.close();
});
