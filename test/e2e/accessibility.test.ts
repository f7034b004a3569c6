// WCAG 2.2 AA with axe-core on the screens and dialogs families and administrators use, on a desktop and a
// phone-sized window: any serious or critical violation fails, and every one found is printed with the
// screen it is on, its rule, and the elements it names.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Class } from '../../lambdas/records';
import { launchBrowser, openPortal, signInThroughLogin } from '../support/browser';
import { familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { data, type SignedIn } from '../support/portal';
import { openAsAdmin } from './admin-session';

const WINDOWS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

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
});
afterAll(async () => {
  await browser?.close();
});

/** The serious and critical violations on what the page shows now, one readable line per element. */
async function violations(page: Page, screen: string, { mailPreview = false } = {}): Promise<string[]> {
  // Animations done and data shown: axe checks colours as they end up, not mid-fade. Beside an e-mail's
  // preview (the messages screen follows the sending) the network never idles.
  if (!mailPreview) await page.waitForLoadState('networkidle');
  await page.waitForTimeout(mailPreview ? 800 : 300);
  // The preview is a sandboxed frame without scripts, which axe's injection waits on for ever: it is taken
  // out for the check (the e-mails themselves are checked where they are rendered, in mail-templates).
  if (mailPreview) await page.evaluate(() => document.querySelector('iframe[sandbox]')?.remove());
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    // Experimental in axe, but it is WCAG 2.5.3 (the accessible name contains the visible label).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${screen}: [${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
      ),
    );
}

function expectNone(reported: string[]) {
  if (reported.length > 0) throw new Error(`${reported.length} accessibility violation(s):\n${reported.join('\n')}`);
}

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
    await page.getByLabel('New password', { exact: true }).waitFor();
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
    // The child form's messages, and the question before a typed form is discarded.
    const dialog = page.getByRole('dialog', { name: `Enroll in ${open.name}` });
    await dialog.getByRole('button', { name: 'Add another child' }).click();
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

  test('given an administrator, then the menu and every administration screen have no serious violations', async () => {
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
      '/admin/classes/management',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      reported.push(...(await violations(page, path)));
    }
    // A promotion into the full class offers a seat added instead.
    await page.goto(`/admin/enrollments?semesterId=${semesterId}&classId=${full.id}`);
    await page.getByRole('button', { name: `Promote Child2 Tester in ${full.name}` }).click();
    const promote = page.getByRole('dialog', { name: `Promote Child2 Tester into ${full.name}?` });
    await promote.getByRole('button', { name: 'Add a seat and promote' }).waitFor();
    reported.push(...(await violations(page, 'promote dialog')));
    await promote.getByRole('button', { name: 'Keep it' }).click();
    // Writing to a class's families: the preview and the question before sending.
    await page.goto(`/admin/messages?semesterId=${semesterId}`);
    const compose = page.getByRole('form', { name: 'Write to families' });
    await compose.getByRole('combobox', { name: 'Class' }).click();
    await page.getByRole('option', { name: full.name }).click();
    await compose.getByLabel('Subject').fill('No class on Sunday');
    await compose.getByLabel('Message').fill('The road is closed by snow.');
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
    await context.close();
    expectNone(reported);
  });
});
