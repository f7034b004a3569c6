// The second factor in the browser: turned on in Manage Account (the key for an authenticator app, a code to
// prove it), every session ended, then asked for at sign-in; an administrator without it is shown where to
// turn it on instead of the admin screens. The tests' authenticator app computes the codes from the key.
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser } from 'playwright-core';
import { currentCode } from '../../infra/local/secondFactor';
import { launchBrowser, openPortal, SECOND_FACTOR_FIELD, signInThroughLogin, waitForPath } from '../support/browser';
import { adminSession } from '../support/fixtures';
import { data, refreshed, signIn, signUpFamily, turnOnSecondFactor, userPool } from '../support/portal';
import { PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A code that is not the one the app shows now (nor the one before or after). */
const wrongCode = (secret: string) => (currentCode(secret) === '000000' ? '111111' : '000000');

test('given a family on a phone, when it turns the second factor on in Manage Account, then every session ends and the next sign-in asks for a code from the app', async () => {
  const family = await signUpFamily('two-factor-family');
  const elsewhere = await signIn(family.email, family.password);
  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/account/manage');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await waitForPath(page, '/account/manage');

  await page.getByRole('button', { name: 'Turn on second factor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('img', { name: 'QR code that adds this account to an authenticator app' }).waitFor();
  const secret = await dialog.getByLabel('Setup key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await violations(page, 'second factor set-up')).toEqual([]);

  // A wrong code changes nothing: the field says so.
  await dialog.getByLabel('Code from the app').fill(wrongCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await dialog.getByText(/not right/).waitFor();
  await dialog.getByLabel('Code from the app').fill(currentCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  // Signed out everywhere: this page goes to the sign-in, and the other session's refresh token is dead.
  await waitForPath(page, '/user/login');
  await page
    .getByText(
      'Your second factor is on. Sign in again with your password and a code from your authenticator app; every other session of this account has ended.',
    )
    .waitFor();
  await expect(refreshed(elsewhere)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

  // The password alone goes no further than the code step; a wrong code is refused, the right one signs in.
  await page.getByLabel('Email').fill(family.email);
  await page.getByLabel('Password').fill(family.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel(SECOND_FACTOR_FIELD);
  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('This code is not right. Type the 6 digits your authenticator app shows now.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/login');
  expect(await violations(page, 'sign-in code step')).toEqual([]);
  await code.fill(currentCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname !== '/user/login');

  // On: Manage Account says so and offers to turn it off, after a confirmation.
  await page.goto('/account/manage');
  await page.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();
  await page.getByRole('button', { name: 'Turn off second factor' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Turn off/ })
    .click();
  await page.getByRole('button', { name: 'Turn on second factor' }).waitFor();
  await context.close();
});

test('given an administrator whose second factor is off, then the admin screens show where to turn it on, and the server refuses them too', async () => {
  const account = await signUpFamily('admin-without-factor');
  await turnOnSecondFactor(account);
  await data('grantAdmin', { email: account.email }, (await adminSession()).accessToken);
  const admin = await signIn(account.email, account.password);
  await userPool().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: admin.accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  const { page, context } = await openPortal(browser);
  await page.goto('/admin/students');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, account.email, account.password);
  await waitForPath(page, '/admin/students');
  await page.getByRole('heading', { name: 'Turn on your second factor' }).waitFor();
  await page.getByRole('link', { name: 'Set it up in Manage Account' }).click();
  await waitForPath(page, '/account/manage');
  await page.getByRole('button', { name: 'Turn on second factor' }).waitFor();
  await context.close();
});
