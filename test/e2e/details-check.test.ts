// The yearly check of a child's details in Chromium: an administrator sets "Details confirmed since" on
// Settings; a family enrolling is told in the enroll dialog to check each child's details first (by the
// refusal, on a page that read the configuration before), confirms one as it is and updates the other with
// a pick-up adult, and enrolls both there; the roster shows when the details were confirmed and who may
// collect the child. The second dialog runs on a phone, checked by axe.
import type { Browser, Page } from 'playwright-core';
import { studentEntity } from '../../lambdas/families/students';
import { dateLabel } from '../../lambdas/contract/moments';
import { programmeToday } from '../support/programmeTime';
import type { ConfigValues } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openEnrollDialog(page: Page, className: string) {
  await page
    .getByRole('article', { name: className })
    .getByRole('button', { name: `Enroll in ${className}` })
    .click();
  return page.getByRole('dialog', { name: `Enroll in ${className}` });
}

test('given details last confirmed before the day the administrators set, the family checks them in the enroll dialog, confirms or updates them, and enrolls; the roster shows the day and the pick-up adults', async () => {
  const original = (await data<{ values: ConfigValues }>('config')).values;
  // Yesterday: children the other tests add today count as confirmed, so their enrollments go on.
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const semester = await openSemester({ name: unique('Check semester') });
  const cls = await newClass(semester.id, { name: unique('Ridge Walk'), capacity: 5 });
  const family = await signUpFamily('details-check');
  const ben = await addStudent(family, { firstName: 'Ben', lastName: 'Talus' });
  const ava = await addStudent(family, { firstName: 'Ava', lastName: 'Talus' });
  await studentEntity.updateIfThere(
    { familyId: family.sub, id: ben.id },
    { set: { detailsConfirmedAt: '2025-03-03T10:00:00.000Z' } },
  );
  await studentEntity.updateIfThere({ familyId: family.sub, id: ava.id }, { remove: ['detailsConfirmedAt'] });
  try {
    const admin = await openAsAdmin(browser, '/admin/settings');
    const settings = admin.page.getByRole('form', { name: 'Site settings' });
    await settings.getByLabel('Details confirmed since').fill(since);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await toast(admin.page, 'The settings are saved.').waitFor();

    // A page that read the configuration before the day was set: the refusal itself opens the check.
    const early = await openPortal(browser);
    await early.page.route('**/api/get/config*', async (route) => {
      const answer = await route.fetch();
      const { data: read } = (await answer.json()) as { data: { values: ConfigValues } };
      const { detailsConfirmedSince: _notYet, ...values } = read.values;
      await route.fulfill({ response: answer, json: { data: { values } } });
    });
    await signInThroughLogin(early.page, family.email, family.password);
    await early.page.goto('/classes/enrollment');
    const earlyDialog = await openEnrollDialog(early.page, cls.name);
    await earlyDialog.getByRole('radio', { name: /^Ben Talus/ }).check();
    await earlyDialog.getByRole('button', { name: 'Enroll Ben' }).click();
    await earlyDialog.getByText("Please check that Ben's details are still right before enrolling").waitFor();
    await earlyDialog.getByText('Details to check first – last confirmed Mar 3, 2025').waitFor();
    // Ben's are still right: confirmed as they are.
    await earlyDialog.getByRole('button', { name: "Check Ben's details" }).click();
    await earlyDialog.getByText("Please check that Ben's details are still right:").waitFor();
    await earlyDialog.getByRole('button', { name: 'These details are right' }).click();
    await earlyDialog.getByRole('button', { name: 'Enroll Ben' }).click();
    await earlyDialog.getByText(`Ben is enrolled in ${cls.name}.`).waitFor();
    await early.context.close();

    // The family on a phone, with the day read: the dialog (filling the screen) asks before Enroll.
    const { page, context } = await openPortal(browser, PHONE);
    const reported: string[] = [];
    await signInThroughLogin(page, family.email, family.password);
    await page.goto('/classes/enrollment');
    const dialog = await openEnrollDialog(page, cls.name);
    await dialog.getByText('Details to check first – never confirmed').waitFor();
    expect(await dialog.getByRole('radio', { name: /^Ava Talus/ }).isDisabled()).toBe(true);
    reported.push(...(await violations(page, 'family, enroll dialog with details to check')));

    // Ava's gain a pick-up adult: a phone that is no phone is refused first, then the save confirms them.
    await dialog.getByRole('button', { name: "Check Ava's details" }).click();
    expect(await dialog.getByRole('button', { name: 'These details are right' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Add a pick-up adult' }).click();
    expect(await dialog.getByRole('button', { name: 'These details are right' }).count()).toBe(0);
    await dialog.getByLabel('Pick-up adult name').fill('Sam Rivera');
    await dialog.getByLabel('Pick-up adult phone').fill('ring me');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText(/pick-up adult 1's phone number/).waitFor();
    reported.push(...(await violations(page, 'family, details to check with a pick-up adult refused')));
    await dialog.getByLabel('Pick-up adult phone').fill('+1 555 010 0199');
    await dialog.getByLabel('Relationship').last().fill('Aunt');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('button', { name: 'Enroll Ava' }).click();
    await dialog.getByText(`Ava is enrolled in ${cls.name}.`).waitFor();
    // Manage Account says when each child's details were confirmed.
    const today = dateLabel(programmeToday());
    await page.goto('/account/manage');
    await page.getByText(`details confirmed ${today}`).nth(1).waitFor();
    await context.close();
    expectNone(reported);

    await admin.page.goto(`/admin/report?classId=${cls.id}`);
    const roster = admin.page.getByRole('table', { name: `Roster of ${cls.name}` });
    const avaRow = roster.getByRole('row').filter({ hasText: 'Talus, Ava' });
    await avaRow.getByText('Pick-up: Sam Rivera (Aunt): +1 555 010 0199').waitFor();
    await avaRow.getByText(`Details confirmed ${today}`).waitFor();
    await roster.getByRole('row').filter({ hasText: 'Talus, Ben' }).getByText(`Details confirmed ${today}`).waitFor();
    await admin.context.close();
  } finally {
    await data('saveConfig', { values: original }, (await adminSession()).accessToken);
  }
});
