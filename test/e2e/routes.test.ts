// The route table and guards (account for users, admin for admins): redirects, the protected-route return,
// the admin gate, and guards that wait for the roles instead of showing the wrong page.
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, waitForPath } from '../support/browser';
import { data, signUpCode, signUpFamily } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';

// Browser flows against the real stack take longer than Jest's default 5 s.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

test.each([
  ['/', '/classes/enrollment'],
  ['/classes', '/classes/enrollment'],
  ['/no/such/page', '/classes/enrollment'],
  ['/account/no-such-page', '/classes/enrollment'],
])('given a visitor, when they open %s, then they land on %s', async (from, to) => {
  const { page, context } = await openPortal(browser);
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === to);
  await page.getByRole('heading', { name: 'Class Registration' }).waitFor();
  await context.close();
});

test.each([
  ['/classes/enrollment', 'Class Registration'],
  ['/calendar/classes', 'Class Calendar'],
  ['/user/login', 'Sign In'],
  ['/user/create', 'Create Account'],
])('given a visitor, when they open %s, then it shows without a guard', async (path, heading) => {
  const { page, context } = await openPortal(browser);
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  expect(pathOf(page)).toBe(path);
  await context.close();
});

test('given a visitor on a protected route, when they sign in, then they return to the path they wanted', async () => {
  const family = await signUpFamily('return');
  const { page, context } = await openPortal(browser);
  await page.goto('/account/manage?tab=password');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await page.waitForURL((url) => url.pathname === '/account/manage' && url.search === '?tab=password');
  await page.getByRole('heading', { name: 'Manage Account' }).waitFor();
  await context.close();
});

test('given a visitor on a protected route, when they create an account instead, then they also return to the path they wanted', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/account/enrollments');
  await waitForPath(page, '/user/login');
  await page.getByRole('link', { name: 'First time? Create an account.' }).click();
  await waitForPath(page, '/user/create');
  await page.getByRole('button', { name: 'Create With Email' }).click();
  const email = `return-new-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Mountain-Return-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Code').fill(await signUpCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await waitForPath(page, '/account/enrollments');
  await page.getByRole('heading', { name: 'Enrollments' }).waitFor();
  await context.close();
});

test('given nothing was remembered, when someone signs in, then they go to "/" and so to class registration', async () => {
  const family = await signUpFamily('plain');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await waitForPath(page, '/classes/enrollment');
  await context.close();
});

test('given a signed-in family (not admin), when they open an admin route, then they are sent to "/" and see no Menu button', async () => {
  const family = await signUpFamily('gate');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  for (const path of [
    '/admin',
    '/admin/report',
    '/admin/students',
    '/admin/t-shirts',
    '/admin/enrollments',
    '/admin/classes/management/new',
  ]) {
    await page.goto(path);
    await waitForPath(page, '/classes/enrollment');
  }
  expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
  await context.close();
});

test('given a visitor on an admin route, when the admin signs in, then the admin screen shows', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/admin/students');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await waitForPath(page, '/admin/students');
  await page.getByRole('heading', { name: 'Student Info Sheets' }).waitFor();
  await context.close();
});

/** Holds every `roles` answer until `release` is called. */
async function holdRoles(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/fn/roles', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('given the roles are still loading, when an admin opens /admin, then the guard waits and then shows the dashboard', async () => {
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  const release = await holdRoles(page);
  await page.goto('/admin');
  await page.getByRole('main').getByRole('progressbar', { name: 'Loading' }).waitFor();
  await page.waitForTimeout(1000);
  expect(pathOf(page)).toBe('/admin');
  expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
  release();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await context.close();
});

test('given the roles are still loading, when a family opens /admin, then the guard waits and only then sends them to "/"', async () => {
  const family = await signUpFamily('waiting');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  const release = await holdRoles(page);
  await page.goto('/admin');
  await page.getByRole('main').getByRole('progressbar', { name: 'Loading' }).waitFor();
  await page.waitForTimeout(1000);
  expect(pathOf(page)).toBe('/admin');
  release();
  await waitForPath(page, '/classes/enrollment');
  await context.close();
});

test('given an admin, when they open the Menu, then the sidebar slides in from the right with every link, and choosing one closes it', async () => {
  const { values } = await data<{ values: { studentUnitsUrl: string } }>('config');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const sidebar = page.getByRole('navigation', { name: 'Site menu' });
  await sidebar.waitFor();
  const box = (await sidebar.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThanOrEqual(1270);
  expect(box.x).toBeGreaterThan(640);
  expect(await sidebar.getByRole('heading', { name: 'Admin' }).isVisible()).toBe(true);
  const links = sidebar.getByRole('link');
  expect(
    await links.evaluateAll((all) =>
      all.map((link) => [(link as HTMLElement).innerText.trim(), link.getAttribute('href')]),
    ),
  ).toEqual([
    ['Class Registration', '/classes/enrollment'],
    ['Dashboard', '/admin'],
    ['Class Forms and Contacts', '/admin/report'],
    ['Student Info Sheets', '/admin/students'],
    ['T-shirt Sizes', '/admin/t-shirts'],
    ['Enrollments', '/admin/enrollments'],
    ['Class Calendar', '/calendar/classes'],
    ['Student Units', values.studentUnitsUrl],
    ['Class Management', '/admin/classes/management'],
    ['Instructors', '/admin/instructors'],
    ['Messages', '/admin/messages'],
    ['Policies', '/admin/policies'],
    ['Settings', '/admin/settings'],
    ['Data Retention', '/admin/retention'],
    ['Allocation and Lottery', '/admin/lottery'],
  ]);
  expect(await sidebar.getByRole('link', { name: /Student Units/ }).getAttribute('target')).toBe('_blank');
  await sidebar.getByRole('link', { name: 'Student Info Sheets' }).click();
  await waitForPath(page, '/admin/students');
  await sidebar.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Student Info Sheets' }).waitFor();
  await context.close();
});

test('given an admin with the sidebar open, when they choose Student Units, then it opens in a new tab and the sidebar closes', async () => {
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  // The external site is not reachable from the test machine: answer for it.
  await context.route('https://mountainschool.example/**', (route) =>
    route.fulfill({ body: 'Student Units', contentType: 'text/plain' }),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const sidebar = page.getByRole('navigation', { name: 'Site menu' });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    sidebar.getByRole('link', { name: /Student Units/ }).click(),
  ]);
  expect(tab).not.toBe(page);
  await sidebar.waitFor({ state: 'detached' });
  await context.close();
});
