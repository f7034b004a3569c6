// A second guardian in Chromium: a parent invites another adult on Manage Account, naming the family; the
// e-mail's link, opened signed in with another address, tells nothing of the family; the invitee signs in with
// the invited address from there, accepts (on a phone), and enrolls the family's child; the first parent sees
// both guardians, and the roster shows both e-mails. axe checks the Guardians section and both accept pages. An
// adult without an account creates one from the link and comes back to the invitation.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { addStudent, invitationTo, newClass, openSemester } from '../support/fixtures';
import { signUpCode, signUpFamily, waitForMail } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const INVITATION_PURPOSE =
  'You are invited to be a guardian of a family. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.';

test('a parent invites another adult, who accepts the e-mail’s invitation and enrolls the family’s child; both guardians show on the roster', async () => {
  const semester = await openSemester({ name: unique('Guardians semester') });
  const cls = await newClass(semester.id, { name: unique('Cornice Safety'), capacity: 4 });
  const family = await signUpFamily('first-parent');
  await addStudent(family, { firstName: 'Mia', lastName: 'Cairn' });
  const second = await signUpFamily('second-parent');
  const stranger = await signUpFamily('stranger');
  const reported: string[] = [];

  const first = await openPortal(browser);
  await first.page.goto('/account/manage');
  await waitForPath(first.page, '/user/login');
  await signInThroughLogin(first.page, family.email, family.password);
  const guardians = first.page.getByRole('region', { name: 'Guardians' });
  await guardians.getByText("You are the family's only guardian.").waitFor();
  await guardians.getByLabel('E-mail of the guardian to invite').fill('not an address');
  await guardians.getByRole('button', { name: 'Invite' }).click();
  await guardians.getByText('Enter the whole e-mail address, like name@example.com').waitFor();
  await guardians.getByLabel('E-mail of the guardian to invite').fill(second.email);
  // The family's name is offered from the child's last name.
  expect(await guardians.getByLabel("Your family's name, as they read it").inputValue()).toBe('The Cairn family');
  await guardians.getByRole('button', { name: 'Invite' }).click();
  await toast(first.page, `${second.email} gets an e-mail with a link to accept`).waitFor();
  await guardians.getByRole('list', { name: 'Invitations waiting' }).getByText(second.email).waitFor();
  reported.push(...(await violations(first.page, 'family, Guardians with an invitation waiting')));

  const mail = await waitForMail(
    second.email,
    `${family.email} invites you to be a guardian with Mountain School Programme`,
  );
  expect(mail.text).not.toContain('Mia');
  const link = new URL(/https?:\/\/\S+\/account\/invitation\?token=[\w.%-]+#to=[\w.%-]+/.exec(mail.text)![0]);
  // The invited address rides in the fragment, which no request carries.
  expect(link.hash).toBe(`#${new URLSearchParams({ to: second.email })}`);

  // The link opened signed out, then signed in with another address: nothing of the family is shown.
  const invitee = await openPortal(browser, PHONE);
  await invitee.page.goto(link.pathname + link.search + link.hash);
  // Signed out, the link opens account creation, saying what the invitation needs (and nothing of the family),
  // with the address it was sent to filled in.
  await waitForPath(invitee.page, '/user/create');
  await invitee.page.getByText(INVITATION_PURPOSE).waitFor();
  await invitee.page.getByRole('button', { name: 'Create With Email' }).click();
  expect(await invitee.page.getByLabel('Email').inputValue()).toBe(second.email);
  await signInThroughLogin(invitee.page, stranger.email, stranger.password);
  await invitee.page
    .getByText('This invitation was sent to another e-mail address than the one you are signed in with.')
    .waitFor();
  const shown = await invitee.page.locator('main').innerText();
  for (const secret of [second.email, family.email, 'Cairn', 'Mia']) expect(shown).not.toContain(secret);
  reported.push(...(await violations(invitee.page, 'another account, an invitation sent elsewhere (phone)')));

  // From there the invitee signs in with the invited address, and comes back to the link.
  await invitee.page.getByRole('button', { name: 'Use another account' }).click();
  await waitForPath(invitee.page, '/user/create');
  await invitee.page.getByRole('button', { name: 'Create With Email' }).click();
  expect(await invitee.page.getByLabel('Email').inputValue()).toBe(second.email);
  await signInThroughLogin(invitee.page, second.email, second.password);
  await invitee.page.getByRole('heading', { name: `${family.email} invites you` }).waitFor();
  await invitee.page.getByText('invites you to be a guardian of The Cairn family.').waitFor();
  expect(await invitee.page.locator('main').innerText()).not.toContain('Mia');
  reported.push(...(await violations(invitee.page, 'invitee, accept an invitation (phone)')));
  await invitee.page.getByRole('button', { name: 'Accept the invitation' }).click();
  await toast(invitee.page, 'You now manage the children of The Cairn family.').waitFor();
  await waitForPath(invitee.page, '/account/enrollments');

  // The second guardian enrolls the family's child.
  await invitee.page.goto('/classes/enrollment');
  await invitee.page
    .getByRole('article', { name: cls.name })
    .getByRole('button', { name: `Enroll in ${cls.name}` })
    .click();
  const dialog = invitee.page.getByRole('dialog', { name: `Enroll in ${cls.name}` });
  await dialog.getByRole('radio', { name: /^Mia Cairn/ }).check();
  await dialog.getByRole('button', { name: 'Enroll Mia' }).click();
  await dialog.getByText(`Mia is enrolled in ${cls.name}.`).waitFor();
  await invitee.context.close();

  // The first parent sees both guardians and the enrollment.
  await first.page.reload();
  const list = first.page.getByRole('list', { name: 'Guardians' });
  await list.getByText(`${family.email} (you)`).waitFor();
  await list.getByText(second.email).waitFor();
  expect(await first.page.getByRole('list', { name: 'Invitations waiting' }).count()).toBe(0);
  await first.page.goto('/account/enrollments');
  await first.page.getByText(cls.name).first().waitFor();
  await first.context.close();
  expectNone(reported);

  const admin = await openAsAdmin(browser, `/admin/report?classId=${cls.id}`);
  const row = admin.page
    .getByRole('table', { name: `Roster of ${cls.name}` })
    .getByRole('row')
    .filter({ hasText: 'Cairn, Mia' });
  await row.getByRole('link', { name: family.email }).waitFor();
  await row.getByRole('link', { name: second.email }).waitFor();
  await admin.context.close();
});

test('an adult without an account opens the invitation, creates the account with the invited address from there, and comes back to accept it', async () => {
  const family = await signUpFamily('inviting-parent');
  const address = `invited-${Date.now()}@example.com`;
  const token = await invitationTo(family, address);

  const { page, context } = await openPortal(browser, PHONE);
  await page.goto(`/account/invitation?token=${token}`);
  await waitForPath(page, '/user/create');
  await page.getByText(INVITATION_PURPOSE).waitFor();
  const reported = await violations(page, 'invitee without an account, create account from the invitation (phone)');
  await page.getByRole('button', { name: 'Create With Email' }).click();
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill('Mountain-New-1');
  await page.getByLabel('Password').press('Enter');
  await page.getByLabel('Code').fill(await signUpCode(address));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await waitForPath(page, '/account/invitation');
  await page.getByRole('heading', { name: `${family.email} invites you` }).waitFor();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await waitForPath(page, '/account/enrollments');
  await context.close();
  expectNone(reported);
});
