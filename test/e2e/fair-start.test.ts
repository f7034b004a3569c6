// A fair start in Chromium: the administrator chooses it on Allocation and Lottery and saves it, and the page offers
// the fair start's record, disabled until the draw (checked by axe); before the opening, a family on a phone has its
// child's request ready on Class Registration, and the dialog tells it the draw's moment instead of a place in line
// (checked by axe).
import type { Browser } from 'playwright-core';
import { pageMoment } from '../support/programmeTime';
import type { FairStartView } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addStudent, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;

test('given a fair start chosen by the administrator, a family has its request ready before the opening, and the dialog says when the draw is', async () => {
  const opens = new Date(Date.now() + HOUR).toISOString();
  const semester = await openSemester({ name: unique('Fair start semester'), registrationOpens: opens });
  const cls = await newClass(semester.id, { name: unique('Ridge Walk') });
  const family = await signUpFamily('fair-start-e2e');
  await addStudent(family, { firstName: 'Ana', lastName: 'Ridge' });

  const admin = await openAsAdmin(browser, `/admin/lottery?semesterId=${semester.id}`);
  await admin.page.getByRole('radio', { name: /with a fair start/ }).check();
  await admin.page.getByLabel('Minutes of the fair start after each opening (1 to 60)').fill('10');
  await admin.page.getByRole('button', { name: 'Save allocation' }).click();
  await toast(admin.page, 'The allocation settings are saved.').waitFor();
  const record = admin.page.getByRole('button', { name: "Download the fair start's record" });
  await admin.page
    .getByText(
      `stays secret until the last draw, on ${pageMoment(new Date(Date.parse(opens) + 10 * 60_000).toISOString())}`,
      { exact: false },
    )
    .waitFor();
  expect(await record.isDisabled()).toBe(true);
  expectNone(await violations(admin.page, "administrator, a fair start's record before its draw"));
  await admin.context.close();
  const { fairStarts } = await data<{ fairStarts: FairStartView[] }>('fairStarts', {});
  const drawAt = fairStarts.find((view) => view.semesterId === semester.id)!.draws[0]!.drawAt;
  expect(drawAt).toBe(new Date(Date.parse(opens) + 10 * 60_000).toISOString());

  const { page, context } = await openPortal(browser, PHONE);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/classes/enrollment');
  await page
    .getByRole('article', { name: cls.name })
    .getByRole('button', { name: `Enroll in ${cls.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enroll in ${cls.name}` });
  await dialog.getByRole('radio', { name: /^Ana Ridge/ }).check();
  await dialog.getByRole('button', { name: 'Enroll Ana' }).click();
  await dialog
    .getByText(
      `Your request for Ana is received for the fair start. The requests made before ${pageMoment(drawAt)} are put in order by a draw then`,
      { exact: false },
    )
    .waitFor();
  expectNone(await violations(page, 'family, request ready for a fair start'));
  await context.close();
});
