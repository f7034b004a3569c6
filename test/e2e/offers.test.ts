// Waitlist offers in Chromium: an administrator creates a semester whose freed seats are offered; the first
// family waiting sees the seat offered on My Enrollments (on a phone, checked by axe) and accepts it; the
// next offer lapses when the test moves the offers schedule's clock past its deadline, and the seat goes to
// the family after, which the roster shows and which declines it.
import type { Browser } from 'playwright-core';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { wallClockOf } from '../../lambdas/contract/moments';
import type { NamedEnrollment, Semester } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { addStudent, newClass } from '../support/fixtures';
import { data, runScheduleAt, signUpFamily, type SignedIn } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

const DAY_MS = 86_400_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A moment as a datetime-local field takes it: on the programme's clock. */
const localInput = (at: number) => wallClockOf(new Date(at).toISOString(), LOCAL_TIME_ZONE);

async function offerOf(family: SignedIn): Promise<NamedEnrollment> {
  const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken);
  return enrollments[0]!;
}

test('a seat offered is accepted on My Enrollments; the next lapses when the clock passes its deadline and goes to the family after, which declines it', async () => {
  const name = unique('Offers semester');
  const admin = await openAsAdmin(browser, '/admin/classes/management');
  await admin.page.getByRole('button', { name: 'New semester' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'New semester' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('First day').fill(new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10));
  await dialog.getByLabel('Last day').fill(new Date(Date.now() + 90 * DAY_MS).toISOString().slice(0, 10));
  await dialog.getByLabel('Registration opens').fill(localInput(Date.now() - DAY_MS));
  await dialog.getByLabel('Registration closes').fill(localInput(Date.now() + 20 * DAY_MS));
  await dialog.getByRole('combobox', { name: 'When a seat opens in a full class' }).click();
  await admin.page.getByRole('option', { name: 'Offer it to the first family waiting' }).click();
  await dialog.getByLabel('Hours to accept').fill('2');
  expectNone(await violations(admin.page, 'admin, semester dialog in offers mode'));
  await dialog.getByRole('button', { name: 'Create semester' }).click();
  await toast(admin.page, `${name} is saved.`).waitFor();
  const { semesters } = await data<{ semesters: Semester[] }>('semesters');
  const semester = semesters.find((candidate) => candidate.name === name)!;
  expect(semester).toMatchObject({ waitlistMode: 'offers', offerHours: 2 });

  const cls = await newClass(semester.id, { name: unique('Ice Climbing'), capacity: 1 });
  const families: SignedIn[] = [];
  for (const first of ['Sam', 'Ava', 'Ben', 'Cy']) {
    const family = await signUpFamily(`offers-${first.toLowerCase()}`);
    const student = await addStudent(family, { firstName: first, lastName: 'Serac' });
    await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
    families.push(family);
  }
  const [seated, ava, ben, cy] = families as [SignedIn, SignedIn, SignedIn, SignedIn];
  await data('cancelEnrollment', { enrollmentId: (await offerOf(seated)).id }, seated.accessToken);

  // Ava's family, on a phone: the seat offered with its deadline, accepted.
  const phone = await openPortal(browser, PHONE);
  // The e-mail's button opens My Enrollments: signed out, it asks to sign in first, then comes back.
  await phone.page.goto('/account/enrollments');
  await waitForPath(phone.page, '/user/login');
  await signInThroughLogin(phone.page, ava.email, ava.password);
  await waitForPath(phone.page, '/account/enrollments');
  await phone.page.getByText('Seat offered', { exact: true }).waitFor();
  await phone.page.getByText(/A seat is held for Ava until .+\. Accept it to enroll/).waitFor();
  expectNone(await violations(phone.page, 'family, a seat offered on My Enrollments'));
  await phone.page.getByRole('button', { name: `Accept the seat for Ava Serac in ${cls.name}` }).click();
  await toast(phone.page, `Ava Serac is enrolled in ${cls.name}.`).waitFor();
  await phone.page.getByRole('button', { name: `Cancel Ava Serac in ${cls.name}` }).waitFor();
  await phone.context.close();
  expect(await offerOf(ava)).toMatchObject({ status: 'enrolled' });

  // Ava leaves: Ben is offered the seat, and lets it lapse (the schedule run at the deadline).
  await data('cancelEnrollment', { enrollmentId: (await offerOf(ava)).id }, ava.accessToken);
  const deadline = (await offerOf(ben)).offerExpiresAt!;
  await runScheduleAt('offers', deadline);
  expect(await offerOf(ben)).toMatchObject({ status: 'cancelled' });

  // The seat went on to Cy: the roster says until when; Cy's family declines it after a confirmation.
  await admin.page.goto(`/admin/report?classId=${cls.id}`);
  await admin.page
    .getByRole('table', { name: `Waitlist of ${cls.name}` })
    .getByRole('row')
    .filter({ hasText: 'Serac, Cy' })
    .getByText(/^Seat offered until /)
    .waitFor();
  await admin.context.close();
  const desktop = await openPortal(browser);
  await signInThroughLogin(desktop.page, cy.email, cy.password);
  await desktop.page.goto('/account/enrollments');
  await desktop.page.getByRole('button', { name: `Decline the seat for Cy Serac in ${cls.name}` }).click();
  const confirm = desktop.page.getByRole('dialog', { name: 'Decline the seat offered?' });
  await confirm.getByText('Cy leaves the waitlist for').waitFor();
  await confirm.getByRole('button', { name: 'Decline the seat' }).click();
  await toast(desktop.page, `Cy Serac is no longer waiting for ${cls.name}.`).waitFor();
  await desktop.context.close();
  expect(await offerOf(cy)).toMatchObject({ status: 'cancelled' });
});
