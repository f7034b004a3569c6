// Password reset end to end: the suggestion after a failed sign-in, the e-mail in the outbox, its link to
// /user/reset with the code filled in, a wrong code explained, and the new password signing the user in.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, toast, waitForPath } from '../support/browser';
import { outbox, signIn, signUpFamily } from '../support/portal';

// Browser flows against the real stack take longer than Jest's default 5 s.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function resetLinkFor(email: string): Promise<URL> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await outbox()).filter((mail) => mail.to === email).at(-1);
    const link = message?.text.match(/https?:\/\/\S+\/user\/reset\?\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset e-mail reached ${email}`);
}

test('given a forgotten password, when the family asks for the reset e-mail and follows its link, then the new password signs them in', async () => {
  const family = await signUpFamily('reset');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(family.email);
  await page.getByLabel('Password').fill('forgotten-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Forgot your password? Send a password reset email.' }).click();
  await toast(page, 'Sent reset email!').waitFor();

  const link = await resetLinkFor(family.email);
  expect(link.pathname).toBe('/user/reset');
  expect(link.searchParams.get('email')).toBe(family.email);
  await page.goto(link.pathname + link.search);
  await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe(family.email);
  expect(await page.getByLabel('Reset code').inputValue()).toBe(link.searchParams.get('code'));

  const calls: string[] = [];
  page.on('request', (request) => request.url().includes('/_cognito') && calls.push(request.url()));
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.getByText('Password is required', { exact: true }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-1');
  await page.getByLabel('Confirm new password').fill('Brand-New-Password-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page.getByText('Passwords do not match', { exact: true }).waitFor();
  expect(calls).toEqual([]);

  await page.getByLabel('Confirm new password').fill('Brand-New-Password-1');
  await page.getByLabel('Confirm new password').press('Enter');
  await toast(page, 'Password changed. You are signed in.').waitFor();
  await waitForPath(page, '/classes/enrollment');
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await expect(signIn(family.email, 'Brand-New-Password-1')).resolves.toMatchObject({ email: family.email });
  await expect(signIn(family.email, family.password)).rejects.toThrow();
  await context.close();
});

test('given a wrong reset code, when the new password is set, then the screen explains it and offers a new e-mail', async () => {
  const family = await signUpFamily('badcode');
  const { page, context } = await openPortal(browser);
  await page.goto(`/user/reset?email=${encodeURIComponent(family.email)}&code=000000`);
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-1');
  await page.getByLabel('Confirm new password').fill('Brand-New-Password-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await page
    .getByText('This reset code is not right. Use the link in the newest reset e-mail, or send yourself a new one.')
    .waitFor();
  await page.getByRole('button', { name: 'Send a new reset email' }).click();
  await toast(page, 'Sent reset email!').waitFor();
  await resetLinkFor(family.email);
  expect(new URL(page.url()).pathname).toBe('/user/reset');
  await expect(signIn(family.email, family.password)).resolves.toMatchObject({ email: family.email });
  await context.close();
});
