// Talking to families in Chromium: an administrator writes to a class in English and Spanish, sees the e-mail as
// a family will, sends it after a confirmation and follows it in the history; an address SES refuses is counted and listed alone,
// and sent again; a family cancels and finds the e-mail that says so.
import type { Browser } from 'playwright-core';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addGuardian, adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data, enrollAndWait, outbox, portalUrl, waitForMail } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, violations } from './axe';

let browser: Browser;
let semesterId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  semesterId = (await openSemester({ name: unique('Messages semester') })).id;
});
afterAll(async () => {
  await browser?.close();
});

test('given a class with families, when an administrator writes to it in English and Spanish, previews and sends, then each family gets one e-mail in its language and the history shows it sent', async () => {
  const cls = await newClass(semesterId, { name: unique('Ice Climbing') });
  const siblings = await familyWithStudents(2, 'e2e-siblings');
  const single = await familyWithStudents(1, 'e2e-single');
  for (const [family, student] of [
    ...siblings.students.map((s) => [siblings.family, s] as const),
    [single.family, single.students[0]!] as const,
  ])
    await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  await data('saveLanguage', { language: 'es' }, single.family.accessToken);

  const { page, context } = await openAsAdmin(browser, `/admin/messages?semesterId=${semesterId}`);
  const form = page.getByRole('form', { name: 'Write to families' });
  await form.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: cls.name }).click();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('is required').first().isVisible()).resolves.toBe(true);
  await form.getByLabel('Subject', { exact: true }).fill('No class on Sunday');
  await form
    .getByLabel('Message', { exact: true })
    .fill('The road is closed by snow.\n\n- We make it up on **Feb 28**');
  await form.getByLabel('Subject in Spanish (optional)').fill('No hay clase el domingo');
  await form.getByLabel('Message in Spanish (optional)').fill('La nieve cerró el camino.');
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
  const spanish = await waitForMail(single.family.email, 'No hay clase el domingo');
  expect(spanish.text).toContain('La nieve cerró el camino.');
  expect(
    (await outbox()).filter((m) => m.to === siblings.family.email && m.subject === 'No class on Sunday'),
  ).toHaveLength(1);
  expect(
    (await outbox())
      .filter((m) => m.to === single.family.email && /domingo|Sunday/.test(m.subject))
      .map((m) => m.subject),
  ).toEqual(['No hay clase el domingo']);
  await context.close();
});

test('given a family of two guardians and one address SES refuses, when an administrator writes to its class, then the history counts 1 sent and 1 failed, "E-mail not sent" lists that address alone, and "Send again" sends it there', async () => {
  const refuse = (addresses: string[]) =>
    fetch(`${portalUrl()}/_local/ses`, { method: 'PUT', body: JSON.stringify({ refusing: addresses }) });
  const cls = await newClass(semesterId, { name: unique('Avalanche Safety') });
  const { family, students } = await familyWithStudents(1, 'e2e-first');
  const second = await addGuardian(family, 'e2e-refused');
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  await waitForMail(second.email, `Enrolled: Child1 Tester in ${cls.name}`);
  const admin = (await adminSession()).accessToken;
  const subject = unique('Snow day');
  await refuse([second.email]);
  try {
    const audience = { kind: 'class', id: cls.id };
    await data('sendMessage', { messageId: crypto.randomUUID(), audience, subject, text: 'No class.' }, admin);
    await waitForMail(family.email, subject);
    // Kept once the stream stopped trying it.
    const kept = async () =>
      (await data<FunctionResult<'failedMail'>>('failedMail', {}, admin)).mail.some(
        (mail) => mail.waiting && mail.failedTo?.includes(second.email),
      );
    for (const deadline = Date.now() + 30_000; !(await kept()); ) {
      if (Date.now() > deadline) throw new Error(`The e-mail to ${second.email} was not kept within 30 s.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { page, context } = await openAsAdmin(browser, `/admin/messages?semesterId=${semesterId}`);
    const sentRow = page.getByRole('table', { name: 'Sent messages' }).getByRole('row', { name: new RegExp(subject) });
    await sentRow.getByText('1 sent, 1 failed').waitFor();
    const notSent = page.getByRole('table', { name: 'E-mails not sent' });
    await notSent.getByRole('row', { name: new RegExp(second.email) }).waitFor();
    await expect(notSent.getByRole('row', { name: new RegExp(family.email) }).count()).resolves.toBe(0);
    expectNone(await violations(page, 'messages with an e-mail not sent'));

    await refuse([]);
    await page.getByRole('button', { name: 'Send again' }).click();
    await page
      .getByRole('dialog', { name: /^Send \d+ e-mails? again\?$/ })
      .getByRole('button', { name: 'Send again' })
      .click();
    await toast(page, /e-mails? sent again\.$/).waitFor();
    await waitForMail(second.email, subject);
    await page.reload();
    await sentRow.getByText('2 sent').waitFor();
    await expect(notSent.getByRole('row', { name: new RegExp(second.email) }).count()).resolves.toBe(0);
    expect((await outbox()).filter((m) => m.to === family.email && m.subject === subject)).toHaveLength(1);
    expect((await outbox()).filter((m) => m.to === second.email && m.subject === subject)).toHaveLength(1);
    await context.close();
  } finally {
    await refuse([]);
  }
});

test('given an enrolled child, when the family cancels on My Enrollments, then it finds the e-mail that says so', async () => {
  const cls = await newClass(semesterId, { name: unique('Glacier Walk') });
  const { family, students } = await familyWithStudents(1, 'e2e-cancels');
  // Enrolled before the page opens: a request still in line shows a button of its own, replaced once decided.
  expect((await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken)).status).toBe(200);
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
