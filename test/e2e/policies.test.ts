// Policies in Chromium: an administrator publishes a required policy for a semester on the Policies screen;
// a family enrolling a child there reads and accepts it in the enroll dialog (on a phone, checked by axe) and
// the child is enrolled; the roster shows the acceptance; a new version is published and the family's next
// enrollment, on a full class's waitlist, asks for it again.
import type { Browser, Page } from 'playwright-core';
import { dateLabel } from '../../lambdas/contract/moments';
import { programmeToday } from '../support/programmeTime';
import { launchBrowser, openPortal, requestsTo, signInThroughLogin, toast } from '../support/browser';
import { addStudent, adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { enrollAndWait, signUpFamily } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Enrolls Ben through the dialog, accepting the policy on the way; in a full class, adds him to the waitlist. */
async function enrollWithPolicy(
  page: Page,
  className: string,
  text: string,
  title: string,
  reported: string[],
  full = false,
) {
  await page.goto('/classes/enrollment');
  await page
    .getByRole('article', { name: className })
    .getByRole('button', { name: `${full ? 'Join waitlist for' : 'Enroll in'} ${className}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${full ? 'Join the waitlist for' : 'Enroll in'} ${className}` });
  await dialog.getByRole('radio', { name: /^Ben Moraine/ }).check();
  // Said as soon as Ben is chosen, before anything is sent; pressing the button shows the policies, no refusal.
  await dialog
    .getByText(
      `Before Ben can be enrolled, please read and accept this policy: ${title}. The next step shows it whole.`,
    )
    .waitFor();
  const enrolls = requestsTo(page, '/enroll');
  await dialog.getByRole('button', { name: full ? 'Add Ben to the waitlist' : 'Enroll Ben' }).click();
  await dialog
    .getByRole('region', { name: new RegExp(`^${title}, version`) })
    .getByText(text)
    .waitFor();
  // The button says what accepting goes on to: on a full class, the waitlist.
  const accept = dialog.getByRole('button', {
    name: full ? 'Accept and add Ben to the waitlist' : 'Accept and enroll Ben',
  });
  expect(await accept.isDisabled()).toBe(true);
  expect(enrolls.filter((url) => new URL(url).pathname.endsWith('/enroll'))).toEqual([]);
  reported.push(...(await violations(page, `family, policies to accept in ${className}`)));
  await dialog.getByRole('checkbox', { name: `I have read and accept the ${title}` }).check();
  await accept.click();
  await dialog
    .getByText(full ? `${className} is full, so Ben is on the waitlist at` : `Ben is enrolled in ${className}.`, {
      exact: false,
    })
    .waitFor();
}

test('given a required policy published for a semester, a family accepts it on the way to enrolling, the roster shows the acceptance, and a new version asks again', async () => {
  const semester = await openSemester({ name: unique('Policy semester') });
  const [first, second] = [
    await newClass(semester.id, { name: unique('Crevasse Rescue') }),
    await newClass(semester.id, { name: unique('Avalanche Basics'), capacity: 1 }),
  ];
  // The second class is full: Ben joins its waitlist.
  const other = await familyWithStudents(1, 'policies-full');
  await enrollAndWait({ studentId: other.students[0]!.id, classId: second.id }, (await adminSession()).accessToken);
  const family = await signUpFamily('policies');
  await addStudent(family, { firstName: 'Ben', lastName: 'Moraine' });
  const title = unique('Liability waiver');

  const admin = await openAsAdmin(browser, '/admin/policies');
  await admin.page.getByRole('button', { name: 'New policy' }).click();
  let form = admin.page.getByRole('dialog', { name: 'New policy' });
  await form.getByLabel(/^Title\s*\*?$/).fill(title);
  await form.getByLabel(/^Text\s*\*?$/).fill('Mountain sports carry risks.\nWe follow the instructors.');
  await form.getByRole('combobox', { name: 'Applies to' }).click();
  await admin.page.getByRole('option', { name: `${semester.name} only` }).click();
  await form.getByRole('button', { name: 'Publish version 1' }).click();
  const question = admin.page.getByRole('dialog', { name: `Publish version 1 of ${title}?` });
  await question.getByRole('button', { name: 'Publish version 1' }).click();
  await toast(admin.page, `Version 1 of ${title} is published.`).waitFor();
  const row = admin.page.getByRole('table', { name: 'Policies' }).getByRole('row').filter({ hasText: title });
  await row.getByText(`For ${semester.name} only`).waitFor();

  const reported: string[] = [];
  const { page, context } = await openPortal(browser, PHONE);
  await signInThroughLogin(page, family.email, family.password);
  await enrollWithPolicy(page, first.name, 'We follow the instructors.', title, reported);

  const today = dateLabel(programmeToday());
  await admin.page.goto(`/admin/report?classId=${first.id}`);
  await admin.page
    .getByRole('table', { name: `Roster of ${first.name}` })
    .getByRole('row')
    .filter({ hasText: 'Moraine, Ben' })
    .getByText(`Policies accepted: ${title} (version 1), accepted ${today} by ${family.email}`)
    .waitFor();

  await admin.page.goto('/admin/policies');
  await row.getByRole('cell', { name: '1', exact: true }).waitFor();
  await row.getByRole('button', { name: `New version of ${title}` }).click();
  form = admin.page.getByRole('dialog', { name: `New version of ${title}` });
  await form.getByLabel(/^Text\s*\*?$/).fill('Mountain sports carry risks.\nHelmets are worn at all times.');
  await form.getByRole('button', { name: 'Publish version 2' }).click();
  await admin.page
    .getByRole('dialog', { name: `Publish version 2 of ${title}?` })
    .getByRole('button', { name: 'Publish version 2' })
    .click();
  await toast(admin.page, `Version 2 of ${title} is published.`).waitFor();
  await row.getByText(/^Version 2, published/).waitFor();
  await admin.context.close();

  await enrollWithPolicy(page, second.name, 'Helmets are worn at all times.', title, reported, true);
  await context.close();
  expectNone(reported);
});
