// WCAG 2.2 AA with axe-core on the screens and dialogs families and administrators use, on a desktop and a
// phone-sized window: any serious or critical violation fails, and every one found is printed with the
// screen it is on, its rule, and the elements it names. The question before removing expired records is
// checked in admin-retention, the one test that has records to remove (any made here would change its counts).
import type { Browser } from 'playwright-core';
import type { Class } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin } from '../support/browser';
import { adminSession, familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { data, type SignedIn } from '../support/portal';
import { openAsAdmin } from './admin-session';
import { DESKTOP, expectNone, PHONE, violations } from './axe';

// On the desktop the reader asked for nothing, so each check waits for the fades to end (axe reads the colours
// they end on); the phone's reader asked for less motion, as most tests' readers do.
const WINDOWS = [{ ...DESKTOP, motion: 'full' as const }, PHONE];

let browser: Browser;
let family: SignedIn;
let open: Class;
let full: Class;
let semesterId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // A full class with a seat and a waitlist place of the family, an open class and a group: every status
  // chip and enroll button the screens show.
  semesterId = (await openSemester({ name: `Accessibility semester ${Date.now()}` })).id;
  full = await newClass(semesterId, { name: `Rope Skills ${Date.now()}`, capacity: 1 });
  open = await newClass(semesterId, { name: `Snow Camping ${Date.now()}`, capacity: 10 });
  const other = await newClass(semesterId, { name: `Map Reading ${Date.now()}`, capacity: 10 });
  await newGroup(semesterId, [open.id, other.id]);
  const signedUp = await familyWithStudents(2, 'accessibility');
  family = signedUp.family;
  for (const student of signedUp.students)
    await data('enroll', { studentId: student.id, classId: full.id }, family.accessToken);
  // A policy to accept before enrolling in this semester: the enroll dialog shows it, the Policies screen lists it.
  await data(
    'savePolicy',
    { title: 'Code of conduct', text: 'Be kind.\nListen to the instructors.', required: true, semesterId },
    (await adminSession()).accessToken,
  );
});
afterAll(async () => {
  await browser?.close();
});

describe.each(WINDOWS)('on a $name window', (window) => {
  test('given a visitor, then the class list, the calendar and the login screens have no serious violations', async () => {
    const { page, context } = await openPortal(browser, window);
    const reported: string[] = [];
    await page.goto('/classes/enrollment');
    await page.getByRole('article', { name: open.name }).waitFor();
    reported.push(...(await violations(page, 'visitor /classes/enrollment')));
    await page.goto('/calendar/classes');
    await page.locator('.fc-daygrid-day, .fc-list').first().waitFor();
    reported.push(...(await violations(page, '/calendar/classes')));
    await page.goto('/user/login');
    await page.getByLabel('Password').waitFor();
    reported.push(...(await violations(page, '/user/login')));
    await page.goto('/user/create');
    await page.getByRole('button', { name: 'Create With Email' }).click();
    await page.getByLabel('Password').waitFor();
    reported.push(...(await violations(page, '/user/create')));
    await page.goto('/user/reset?email=a%40example.com&code=123456');
    await page.getByLabel(/^New password\s*\*?$/).waitFor();
    reported.push(...(await violations(page, '/user/reset')));
    await context.close();
    expectNone(reported);
  });

  test('given a family, then the enroll dialog and the account screens have no serious violations', async () => {
    const { page, context } = await openPortal(browser, window);
    const reported: string[] = [];
    await page.goto('/user/login');
    await signInThroughLogin(page, family.email, family.password);
    await page.goto('/classes/enrollment');
    await page
      .getByRole('article', { name: open.name })
      .getByRole('button', { name: `Enroll in ${open.name}` })
      .click();
    await page
      .getByRole('dialog', { name: `Enroll in ${open.name}` })
      .getByRole('button')
      .first()
      .waitFor();
    reported.push(...(await violations(page, 'family, enroll dialog')));
    const dialog = page.getByRole('dialog', { name: `Enroll in ${open.name}` });
    // The policies a guardian accepts before the child is enrolled.
    await dialog.getByRole('radio', { name: /^Child1 Tester/ }).check();
    await dialog.getByRole('button', { name: 'Enroll Child1' }).click();
    await dialog.getByRole('region', { name: 'Code of conduct, version 1' }).waitFor();
    reported.push(...(await violations(page, 'family, policies to accept')));
    await dialog.getByRole('button', { name: 'Back' }).click();
    // The child form's messages, and the question before a typed form is discarded.
    await dialog.getByRole('button', { name: 'Add another child' }).click();
    await dialog.getByRole('button', { name: 'Add a pick-up adult' }).click();
    await dialog.getByRole('button', { name: 'Add child' }).click();
    await dialog.getByText("Enter the child's last name").waitFor();
    reported.push(...(await violations(page, 'family, child form with messages')));
    await dialog.getByLabel('First name').fill('Robin');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard what you entered?' });
    await question.waitFor();
    reported.push(...(await violations(page, 'family, discard question')));
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.goto('/account/enrollments');
    await page
      .getByText(/Waitlisted – position \d/)
      .first()
      .waitFor();
    reported.push(...(await violations(page, '/account/enrollments')));
    await page.goto('/account/manage');
    await page.getByText('Child1').first().waitFor();
    reported.push(...(await violations(page, '/account/manage')));
    await page.getByRole('button', { name: 'Delete account' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete your account?' });
    await deleting.waitFor();
    reported.push(...(await violations(page, 'family, delete account question')));
    await deleting.getByRole('button', { name: 'Keep my account' }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    reported.push(...(await violations(page, 'family, account menu')));
    await page.keyboard.press('Escape');
    await context.close();
    expectNone(reported);
  });

  test('given an administrator, then the menu, every administration screen and their dialogs have no serious violations', async () => {
    const { page, context } = await openAsAdmin(browser, '/admin', window);
    const reported: string[] = [];
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Site menu' }).waitFor();
    reported.push(...(await violations(page, 'admin menu')));
    await page.keyboard.press('Escape');
    for (const path of [
      '/admin',
      '/admin/report',
      `/admin/report?semesterId=${semesterId}&printout=attendance`,
      '/admin/students',
      '/admin/t-shirts',
      '/admin/t-shirts/counts',
      '/admin/enrollments',
      '/admin/settings',
      '/admin/messages',
      '/admin/retention',
      '/admin/policies',
      '/admin/classes/management',
      `/admin/instructors?semesterId=${semesterId}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      reported.push(...(await violations(page, path)));
    }
    // Publishing a policy: its form, and the question before a text that cannot be changed is published.
    await page.goto('/admin/policies');
    await page.getByRole('button', { name: 'New policy' }).click();
    const policy = page.getByRole('dialog', { name: 'New policy' });
    await policy.getByLabel(/^Title\s*\*?$/).fill('Photo consent');
    await policy.getByRole('button', { name: 'Publish version 1' }).click();
    await policy.getByText("Enter the policy's text").waitFor();
    reported.push(...(await violations(page, 'New policy dialog with a message')));
    await policy.getByLabel(/^Text\s*\*?$/).fill('Photos may be taken.');
    await policy.getByRole('button', { name: 'Publish version 1' }).click();
    const publishing = page.getByRole('dialog', { name: 'Publish version 1 of Photo consent?' });
    await publishing.waitFor();
    reported.push(...(await violations(page, 'publish policy question')));
    await publishing.getByRole('button', { name: 'Not yet' }).click();
    await publishing.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard what you entered?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await policy.waitFor({ state: 'detached' });
    // A student's whole sheet, opened from the table.
    await page.goto(`/admin/students?semesterId=${semesterId}`);
    await page.getByRole('button', { name: 'Open the sheet of Tester, Child1' }).click();
    const sheet = page.getByRole('dialog', { name: 'Child1 Tester' });
    await sheet.getByRole('heading', { name: 'Health' }).waitFor();
    reported.push(...(await violations(page, 'student sheet')));
    await sheet.getByRole('button', { name: 'Close' }).click();
    // A promotion into the full class offers a seat added instead.
    await page.goto(`/admin/enrollments?semesterId=${semesterId}&classId=${full.id}`);
    await page.getByRole('button', { name: `Promote Child2 Tester in ${full.name}` }).click();
    const promote = page.getByRole('dialog', { name: `Promote Child2 Tester into ${full.name}?` });
    await promote.getByRole('button', { name: 'Add a seat and promote' }).waitFor();
    reported.push(...(await violations(page, 'promote dialog')));
    await promote.getByRole('button', { name: 'Keep it' }).click();
    await promote.waitFor({ state: 'detached' });
    // Moving a student: the classes to choose from, then the dialog with one chosen; and cancelling a seat.
    await page.getByRole('button', { name: `Move Child1 Tester in ${full.name}` }).click();
    const move = page.getByRole('dialog', { name: 'Move Child1 Tester to another class' });
    await move.getByRole('combobox', { name: 'New class' }).click();
    const target = page.getByRole('option', { name: new RegExp(`^${open.name} — \\d+ seats left`) });
    await target.waitFor();
    reported.push(...(await violations(page, 'move dialog, its classes')));
    await target.click();
    await move.getByRole('button', { name: `Move to ${open.name}` }).waitFor();
    reported.push(...(await violations(page, 'move dialog')));
    await move.getByRole('button', { name: 'Keep it' }).click();
    await move.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Cancel Child1 Tester in ${full.name}` }).click();
    const cancelling = page.getByRole('dialog', { name: "Cancel Child1 Tester's enrollment?" });
    await cancelling.getByRole('button', { name: 'Cancel enrollment' }).waitFor();
    reported.push(...(await violations(page, 'cancel enrollment question')));
    await cancelling.getByRole('button', { name: 'Keep it' }).click();
    // Writing to a class's families: the preview and the question before sending.
    await page.goto(`/admin/messages?semesterId=${semesterId}`);
    const compose = page.getByRole('form', { name: 'Write to families' });
    await compose.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: full.name }).click();
    await compose.getByLabel('Subject', { exact: true }).fill('No class on Sunday');
    await compose.getByLabel('Message', { exact: true }).fill('The road is closed by snow.');
    await compose.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText(/It reaches 1 family/).waitFor();
    reported.push(...(await violations(page, 'message preview', { mailPreview: true })));
    await preview.getByRole('button', { name: 'Send to 1 family' }).click();
    const sending = page.getByRole('dialog', { name: 'Send "No class on Sunday" to 1 family?' });
    await sending.waitFor();
    reported.push(...(await violations(page, 'message send question', { mailPreview: true })));
    await sending.getByRole('button', { name: 'Not yet' }).click();
    await page.goto(`/admin/classes/management/semester/${semesterId}`);
    await page.getByRole('link', { name: `Edit ${open.name}` }).waitFor();
    reported.push(...(await violations(page, "a semester's classes and groups")));
    await page.getByRole('button', { name: `Delete ${open.name}` }).click();
    const deleting = page.getByRole('dialog', { name: `Delete ${open.name}?` });
    await deleting.getByRole('button', { name: 'Delete class' }).waitFor();
    reported.push(...(await violations(page, 'delete class question')));
    await deleting.getByRole('button', { name: 'Keep it' }).click();
    await deleting.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New class group' }).click();
    await page.getByRole('dialog', { name: 'New class group' }).waitFor();
    reported.push(...(await violations(page, 'New class group dialog')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'New class group' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'New class' }).click();
    await page.getByRole('button', { name: 'Repeat weekly…' }).waitFor();
    reported.push(...(await violations(page, 'new class form')));
    await page.getByRole('button', { name: 'Repeat weekly…' }).click();
    await page.getByRole('dialog', { name: 'Repeat weekly' }).getByRole('button', { name: 'Monday' }).click();
    reported.push(...(await violations(page, 'Repeat weekly dialog')));
    // A class's edit page (it asks nothing before Cancel or Save: deleting is on the semester's page, above).
    await page.goto(`/admin/classes/management/class/${full.id}`);
    await page
      .getByRole('form', { name: `Edit ${full.name}` })
      .getByText('1 enrolled, 1 waiting.', { exact: false })
      .waitFor();
    reported.push(...(await violations(page, 'class edit page')));
    // Its questions for families, and the dialog that adds one (choice options shown).
    await page.getByRole('button', { name: 'Add a question' }).click();
    const asking = page.getByRole('dialog', { name: 'New question' });
    await asking.getByLabel(/^Options, one a line\s*\*?$/).waitFor();
    reported.push(...(await violations(page, 'new question dialog')));
    await page.keyboard.press('Escape');
    await asking.waitFor({ state: 'detached' });
    // A meeting on the calendar, and the question before an administrator cancels it.
    await page.goto(`/calendar/classes?classId=${open.id}`);
    await page.locator('.fc-event').filter({ hasText: open.name }).first().click();
    const meeting = page.getByRole('dialog', { name: open.name, exact: true });
    await meeting.getByRole('button', { name: 'Cancel this meeting…' }).waitFor();
    reported.push(...(await violations(page, 'meeting dialog')));
    await meeting.getByRole('button', { name: 'Cancel this meeting…' }).click();
    const cancelMeeting = page.getByRole('dialog', { name: `Cancel ${open.name} on ` });
    await cancelMeeting.getByLabel('Why, for the families (optional)').waitFor();
    reported.push(...(await violations(page, 'cancel meeting question')));
    await cancelMeeting.getByRole('button', { name: 'Keep it' }).click();
    await cancelMeeting.waitFor({ state: 'detached' });
    await context.close();
    expectNone(reported);
  });
});
