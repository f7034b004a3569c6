// A family enrolling children in Chromium: from the class list through sign-in, adding a child, the
// waitlist, cancelling with the waitlist moving up, and the account pages.
import type { Browser, Page } from 'playwright-core';
import type { NamedEnrollment } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { addStudent, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily } from '../support/portal';

let browser: Browser;
let semesterId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  semesterId = (await openSemester({ name: `E2E semester ${Date.now()}` })).id;
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function fillChild(page: Page, firstName: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('Last name').fill('Hiker');
  await dialog.getByLabel('Birth date').fill('2013-06-01');
  await dialog.getByRole('combobox', { name: 'School grade' }).click();
  await page.getByRole('option', { name: 'Grade 8' }).click();
  await dialog.getByRole('combobox', { name: 'T-shirt size' }).click();
  await page.getByRole('option', { name: 'Youth L' }).click();
  await dialog.getByLabel('Contact name').fill('Robin Hiker');
  await dialog.getByLabel('Contact phone').fill('+1 555 200 3000');
}

test('given a visitor, when they choose a class, sign in, add a child and confirm, then the child is enrolled at once', async () => {
  const cls = await newClass(semesterId, { name: `Glacier Walk ${Date.now()}`, capacity: 4 });
  const family = await signUpFamily('visitor');
  const { page, context } = await openPortal(browser);
  await page.goto('/classes/enrollment');
  await card(page, cls.name).getByText('4 seats left').waitFor();
  expect(
    await page.getByRole('navigation', { name: 'Registration' }).getByRole('link', { name: 'Class Calendar' }).count(),
  ).toBe(1);
  // The window as moments on the programme's clock, the reader's own time beside them: when it opened, when it closes.
  await page
    .getByText(
      /^Registration (opened .+; it closes|closes) \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M M[SD]T \(.+ UTC your time\)\.$/,
    )
    .first()
    .waitFor();
  await card(page, cls.name)
    .getByRole('button', { name: `Enroll in ${cls.name}` })
    .click();
  await waitForPath(page, '/user/login');
  await page.getByText(`Sign in or create an account to enroll in ${cls.name}.`).waitFor();
  await signInThroughLogin(page, family.email, family.password);

  const dialog = page.getByRole('dialog', { name: `Enroll in ${cls.name}` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Add a child' }).click();
  await dialog.getByRole('button', { name: 'Add child' }).click();
  await dialog.getByText("Enter the child's first name").waitFor();
  await fillChild(page, 'Sky');
  await dialog.getByRole('button', { name: 'Add child' }).click();
  await dialog.getByRole('button', { name: 'Enroll Sky' }).click();
  await dialog.getByText(`Sky is enrolled in ${cls.name}.`).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await card(page, cls.name).getByText('3 seats left').waitFor();
  await context.close();
});

test('given a full class, when a parent enrolls a child, then the child is waitlisted with a position; cancelling a seat promotes the next child', async () => {
  const cls = await newClass(semesterId, { name: `Crevasse Rescue ${Date.now()}`, capacity: 1 });
  const first = await familyWithStudents(1, 'first');
  await data('enroll', { studentId: first.students[0]!.id, classId: cls.id }, first.family.accessToken);
  const second = await signUpFamily('second');
  await addStudent(second, { firstName: 'Lee' });

  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, second.email, second.password);
  await page.goto('/classes/enrollment');
  await card(page, cls.name).getByText('Full – join waitlist').waitFor();
  await card(page, cls.name)
    .getByRole('button', { name: `Join waitlist for ${cls.name}` })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Lee Tester/).check();
  await dialog.getByRole('button', { name: 'Add Lee to the waitlist' }).click();
  await dialog.getByText(`${cls.name} is full, so Lee is on the waitlist at position 1.`, { exact: false }).waitFor();
  await context.close();

  // The first family cancels its seat on its enrollments page; Lee takes it.
  const firstBrowser = await openPortal(browser);
  await signInThroughLogin(firstBrowser.page, first.family.email, first.family.password);
  await firstBrowser.page.goto('/account/enrollments');
  await firstBrowser.page.getByRole('button', { name: `Cancel Child1 Tester in ${cls.name}` }).click();
  await firstBrowser.page.getByRole('dialog').getByText('goes to the next child on the waitlist').waitFor();
  await firstBrowser.page.getByRole('button', { name: 'Cancel enrollment' }).click();
  await toast(firstBrowser.page, `Child1 Tester is no longer enrolled in ${cls.name}.`).waitFor();
  await firstBrowser.page.locator('#main').getByText('Cancelled', { exact: true }).waitFor();
  await firstBrowser.context.close();

  const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, second.accessToken);
  expect(enrollments.find((e) => e.classId === cls.id)?.status).toBe('enrolled');
  const lee = await openPortal(browser);
  await signInThroughLogin(lee.page, second.email, second.password);
  await lee.page.goto('/account/enrollments');
  await lee.page.getByRole('region', { name: 'Lee Tester' }).getByText('Enrolled', { exact: true }).waitFor();
  await lee.context.close();
});

test.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])(
  'given a signed-in family on a %s, then each card says where each child stands, and the enroll dialog disables a child who cannot enroll with the reason',
  async (_window, size) => {
    const stamp = Date.now();
    const middle = await newClass(semesterId, { name: `Ridge Route ${stamp}`, capacity: 1, minGrade: 6, maxGrade: 8 });
    const full = await newClass(semesterId, { name: `Cornice Watch ${stamp}`, capacity: 1 });
    const other = await familyWithStudents(1, 'other');
    await data('enroll', { studentId: other.students[0]!.id, classId: full.id }, other.family.accessToken);
    const family = await signUpFamily('standing');
    const ava = await addStudent(family, { firstName: 'Ava', grade: 7 });
    const ben = await addStudent(family, { firstName: 'Ben', grade: 3 });
    await data('enroll', { studentId: ava.id, classId: middle.id }, family.accessToken);
    await data('enroll', { studentId: ben.id, classId: full.id }, family.accessToken);

    const { page, context } = await openPortal(browser, size);
    await signInThroughLogin(page, family.email, family.password);
    await page.goto('/classes/enrollment');
    const children = (name: string) => card(page, name).getByRole('list', { name: 'Your children' });
    await children(middle.name).getByText('Ava: Enrolled').waitFor();
    await children(middle.name).getByText('Ben: Not eligible – Grade 3; this class is for grades 6–8').waitFor();
    await children(full.name).getByText('Ben: Waitlisted – position 1').waitFor();
    expect(await children(full.name).getByText(/^Ava:/).count()).toBe(0);

    await card(page, middle.name)
      .getByRole('button', { name: `Join waitlist for ${middle.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: /^Ava Tester/ }).isDisabled()).resolves.toBe(true);
    await dialog.getByText('Enrolled', { exact: true }).waitFor();
    await expect(dialog.getByRole('radio', { name: /^Ben Tester/ }).isDisabled()).resolves.toBe(true);
    await dialog.getByText('Not eligible – Grade 3; this class is for grades 6–8').waitFor();
    await expect(dialog.getByRole('button', { name: 'Choose a child' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The programme's introduction above the classes, and the way to the family's enrollments, on a phone too.
    await page
      .getByRole('region', { name: 'About the programme' })
      .getByText(/^The mountain school runs/)
      .waitFor();
    await page.getByRole('navigation', { name: 'Registration' }).getByRole('link', { name: 'My enrollments' }).click();
    await waitForPath(page, '/account/enrollments');
    await page.getByRole('region', { name: 'Ben Tester' }).getByText('Waitlisted – position 1').waitFor();
    await context.close();
  },
);

test('the class list filters by day and by grade, and says so when nothing matches', async () => {
  const sundayClass = await newClass(semesterId, {
    name: `Sunday Scramble ${Date.now()}`,
    minGrade: 9,
    maxGrade: 12,
    meetings: [{ date: '2027-03-07', start: '10:00', end: '12:00' }],
  });
  const { page, context } = await openPortal(browser);
  await page.goto('/classes/enrollment');
  await card(page, sundayClass.name).waitFor();
  await page.getByRole('button', { name: 'Monday' }).click();
  await expect(card(page, sundayClass.name).count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Sunday' }).click();
  await card(page, sundayClass.name).waitFor();
  await page.getByLabel('Grade').selectOption({ label: 'Grade 4' });
  await expect(card(page, sundayClass.name).count()).resolves.toBe(0);
  await page.getByLabel('Grade').selectOption({ label: 'Grade 10' });
  await card(page, sundayClass.name).waitFor();
  await context.close();
});

test('on Manage Account a family edits a child, cannot remove one who is enrolled, and can delete the account', async () => {
  const cls = await newClass(semesterId, { name: `Summit Day ${Date.now()}` });
  const { family, students } = await familyWithStudents(1, 'manage');
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const { page, context } = await openPortal(browser, { width: 480, height: 900 });
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/account/manage');

  await page.getByRole('button', { name: 'Edit Child1' }).click();
  await page.getByRole('dialog').getByLabel('Allergies').fill('Bee stings');
  await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await toast(page, "Child1's details are saved.").waitFor();

  // A child still in a class cannot be removed: not offered, with the reason beside them.
  await page.getByText('In 1 class or waitlist: cancel it under Enrollments before removing Child1.').waitFor();
  expect(await page.getByRole('button', { name: 'Remove Child1' }).isDisabled()).toBe(true);

  // A form sent with problems scrolls to the first and focuses it; Escape asks before a filled form is lost.
  await page.getByRole('button', { name: 'Add a child' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a child' });
  await adding.getByLabel('Allergies').fill('Pollen');
  await adding.getByRole('button', { name: 'Add child' }).click();
  await adding.getByText("Enter the child's first name").waitFor();
  await page.waitForFunction(() =>
    (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.startsWith('First name'),
  );
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard what you entered?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await adding.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByRole('button', { name: 'Delete account' }).isDisabled()).resolves.toBe(true);
  await confirm.getByLabel('Type DELETE').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await waitForPath(page, '/user/login');
  await toast(page, 'Your account, your children and their enrollments were deleted.').waitFor();
  await context.close();
});

test('when the classes cannot be loaded, the page says so and a retry loads them', async () => {
  const { page, context } = await openPortal(browser);
  let failures = 1;
  await page.route('**/api/get/availableEnrollmentClasses', async (route) => {
    if (failures-- > 0)
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
    return route.continue();
  });
  await page.goto('/classes/enrollment');
  await page.getByRole('alert').getByText('The classes could not be loaded').waitFor();
  // The retried call is awaited on its own, so a failure says whether the call or the page fell short.
  const retried = page.waitForResponse('**/api/get/availableEnrollmentClasses');
  await page.getByRole('button', { name: 'Retry' }).click();
  expect((await retried).status()).toBe(200);
  await card(page, 'Avalanche Safety Basics').waitFor();
  await context.close();
});
