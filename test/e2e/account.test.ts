// The signed-in user's button and menu, the account page behind it, and the bearer token on every
// server call once a user exists.
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { signIn, signUpFamily, tokenClaims } from '../support/portal';

// Browser flows against the real stack take longer than Jest's default 5 s.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given a signed-in family, then the round user button opens a menu of menuitems: the e-mail cut to 15 characters plus "…", Enrollments, Manage Account, Sign Out', async () => {
  const family = await signUpFamily('menu-family');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('50%');
  await button.click();
  const items = page.getByRole('menu').getByRole('menuitem');
  expect(await items.allInnerTexts()).toEqual([
    `${family.email.slice(0, 15)}…`,
    'Enrollments',
    'Manage Account',
    'Sign Out',
  ]);
  expect(await items.first().getAttribute('aria-disabled')).toBe('true');

  await page.getByRole('menuitem', { name: 'Enrollments' }).click();
  await waitForPath(page, '/account/enrollments');
  await button.click();
  await page.getByRole('menuitem', { name: 'Manage Account' }).click();
  await waitForPath(page, '/account/manage');
  await page.getByRole('heading', { name: 'Manage Account' }).waitFor();
  await context.close();
});

test('given the menu is used by keyboard, then Enter opens it, arrows move and Enter chooses', async () => {
  const family = await signUpFamily('menu-keys');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  await page.getByRole('button', { name: 'Account menu' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enrollments');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/account/manage');
  await context.close();
});

test('given a signed-in family, when they choose Sign Out, then they are on /user/login and signed out', async () => {
  const family = await signUpFamily('signout');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await waitForPath(page, '/user/login');
  await page.getByRole('banner').getByRole('link', { name: 'Register / Sign In' }).waitFor();
  await page.goto('/account/manage');
  await waitForPath(page, '/user/login');
  await context.close();
});

test('given a signed-in family, when they change their password on Manage Account, then the new one works', async () => {
  const family = await signUpFamily('change');
  const { page, context } = await openPortal(browser);
  await page.goto('/account/manage');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await waitForPath(page, '/account/manage');
  await page.getByRole('region', { name: 'Account', exact: true }).getByText(family.email).waitFor();
  const form = page.getByRole('form', { name: 'Change password' });
  // The site's own fields: the rules under the new password from the start, a wrong current password said under it.
  await form.getByText('At least 8 characters, with upper and lower case letters, a digit and a symbol.').waitFor();
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('Changed-Password-1');
  await form.getByLabel('New password again').fill('Changed-Password-1');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await form.getByText('The current password is not right. Check it and try again.').waitFor();
  await form.getByLabel('Current password').fill(family.password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await toast(page, 'Your password is changed.').waitFor();
  expect(await form.getByLabel('Current password').inputValue()).toBe('');
  await expect(signIn(family.email, 'Changed-Password-1')).resolves.toMatchObject({ email: family.email });
  await context.close();
});

test('given a signed-in user, then every function call carries the bearer access token, and no catalogue read (a GET every visitor shares) does', async () => {
  const family = await signUpFamily('bearer');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  const rolesOnSignIn = page.waitForRequest('**/api/fn/roles');
  await signInThroughLogin(page, family.email, family.password);
  const calls = [await rolesOnSignIn];
  const reads: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/fn/')) calls.push(request);
    if (request.url().includes('/api/get/')) reads.push(request);
  });
  await Promise.all([
    page.waitForRequest('**/api/get/config'),
    page.waitForRequest('**/api/fn/roles'),
    page.waitForRequest('**/api/get/availableEnrollmentClasses'),
    page.reload(),
  ]);
  // The reload's calls: the roles; its catalogue reads: the remote configuration and the landing page's classes.
  expect(calls.map((call) => new URL(call.url()).pathname)).toContain('/api/fn/roles');
  expect(reads.map((read) => new URL(read.url()).pathname)).toEqual(
    expect.arrayContaining(['/api/get/config', '/api/get/availableEnrollmentClasses']),
  );
  for (const call of calls) {
    const [scheme, token] = (call.headers().authorization ?? '').split(' ');
    expect(scheme).toBe('Bearer');
    expect(tokenClaims(token!)).toMatchObject({ token_use: 'access', sub: family.sub });
  }
  for (const read of reads)
    expect({ method: read.method(), authorization: read.headers().authorization }).toEqual({
      method: 'GET',
      authorization: undefined,
    });
  await context.close();
});
