// Admins and settings (/admin/settings): the admin group granted and revoked by e-mail (never oneself), and
// the remote configuration values edited in a form. The stack is shared: the configuration is restored.
import type { Browser } from 'playwright-core';
import type { ConfigValues } from '../../lambdas/contract/records';
import { launchBrowser, toast } from '../support/browser';
import { adminSession } from '../support/fixtures';
import { data, signUpFamily, turnOnSecondFactor } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';
import { openAsAdmin } from './admin-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const adminEmails = async () =>
  (await data<{ admins: Array<{ email: string }> }>('admins', {}, (await adminSession()).accessToken)).admins.map(
    (admin) => admin.email,
  );

test('given a family account, when the admin grants it admin by e-mail and then revokes it, then the admin group follows, with a confirmation before the revoke', async () => {
  const family = await signUpFamily('future-admin');
  const { page, context } = await openAsAdmin(browser, '/admin/settings');
  const admins = page.getByRole('list', { name: 'Administrators' });
  await admins.getByText(TEST_ADMIN.email).waitFor();
  const grant = page.getByRole('form', { name: 'Grant administrator access' });
  await grant.getByLabel('E-mail of an account').fill('not an e-mail');
  await grant.getByRole('button', { name: 'Grant admin' }).click();
  await grant.getByText('Enter the whole e-mail address, like name@example.com').waitFor();
  await grant.getByLabel('E-mail of an account').fill('nobody-here@example.com');
  await grant.getByRole('button', { name: 'Grant admin' }).click();
  await grant.getByText('No account uses nobody-here@example.com: the person must create an account first.').waitFor();

  // Typed in another case: the dialog shows exactly which account that finds, proven, when made, and that its
  // second factor is off: the grant is refused until the person turns it on.
  await grant.getByLabel('E-mail of an account').fill(family.email.toUpperCase());
  await grant.getByRole('button', { name: 'Grant admin' }).click();
  const dialog = page.getByRole('dialog', { name: `Grant admin to ${family.email}?` });
  const account = dialog.getByRole('definition');
  // The account is looked up as the dialog opens: its facts are read once they show (allInnerTexts waits for none).
  await account.last().waitFor();
  expect(await account.allInnerTexts()).toEqual([
    family.email,
    'Yes, with the code sent to it',
    expect.any(String),
    'Off: the person must turn it on under “Second factor” in Manage Account',
  ]);
  await dialog.getByText('Admin access cannot be granted until the person turns on their second factor.').waitFor();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await turnOnSecondFactor(family);
  await grant.getByRole('button', { name: 'Grant admin' }).click();
  await dialog.getByText('On: signing in asks for a code from an authenticator app').waitFor();
  await dialog.getByRole('button', { name: 'Grant admin' }).click();
  await toast(page, `${family.email} is an administrator from their next sign-in.`).waitFor();
  await admins.getByText(family.email).waitFor();
  expect(await adminEmails()).toContain(family.email);

  await page.getByRole('button', { name: `Revoke ${family.email}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${family.email}?` })
    .getByRole('button', { name: 'Revoke admin' })
    .click();
  await toast(page, `${family.email} is no longer an administrator.`).waitFor();
  await admins.getByText(family.email).waitFor({ state: 'detached' });
  expect(await adminEmails()).not.toContain(family.email);
  await context.close();
});

test('given the signed-in admin, then revoking themselves is not offered: the button is disabled with the reason beside it (the server refuses it too)', async () => {
  const { page, context } = await openAsAdmin(browser, '/admin/settings');
  // Not offered at all: the button is disabled and the reason is beside it.
  await page
    .getByRole('list', { name: 'Administrators' })
    .getByText('You. Your own access cannot be revoked here: another administrator can.')
    .waitFor();
  expect(await page.getByRole('button', { name: `Revoke ${TEST_ADMIN.email}` }).isDisabled()).toBe(true);
  expect(await adminEmails()).toContain(TEST_ADMIN.email);
  await context.close();
});

test('given the remote configuration, when the admin edits it, then wrong e-mails and links are refused before saving, and the saved values become the configuration the site reads', async () => {
  const admin = await adminSession();
  const { values: original } = await data<{ values: ConfigValues }>('config');
  // A key of this test alone: the values other tests read stay as they are.
  const key = `e2eNote${Date.now()}`;
  await data('saveConfig', { values: { ...original, [key]: 'before' } }, admin.accessToken);
  try {
    const { page, context } = await openAsAdmin(browser, '/admin/settings');
    const form = page.getByRole('form', { name: 'Site settings' });
    expect(await form.getByLabel('Contact e-mail').inputValue()).toBe(original.contactEmail);
    expect(await form.getByLabel(/^Announcement\s*\*?$/).inputValue()).toBe(original.announcement);
    const saves: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/fn/saveConfig') && saves.push(request.url()));

    await form.getByLabel('Contact e-mail').fill('help at the lodge');
    await form.getByLabel('Student Units link').fill('student-units');
    await form.getByLabel(key).fill('after');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('must be an e-mail address').waitFor();
    await form.getByText('must be a web address starting with https://').waitFor();
    expect(saves).toEqual([]);

    await form.getByLabel('Contact e-mail').fill(String(original.contactEmail));
    await form.getByLabel('Student Units link').fill(String(original.studentUnitsUrl));
    await form.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'The settings are saved.').waitFor();
    expect(saves).toHaveLength(1);
    expect((await data<{ values: ConfigValues }>('config')).values).toEqual({ ...original, [key]: 'after' });
    await context.close();
  } finally {
    await data('saveConfig', { values: original }, admin.accessToken);
  }
});
