// A family moves its child to another class itself, on a phone (checked by axe): My Enrollments offers the classes
// of the semester, the move to a seat left is one step, and the list shows where the child is now; a full class's
// waitlist keeps the seat held until one there is the child's, and the list says so; past the semester's deadline
// for changes the page says whom to write to instead of offering a move or a cancel.
import type { Browser } from 'playwright-core';
import type { NamedEnrollment } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { pageMoment } from '../support/programmeTime';
import { expectNone, PHONE, violations } from './axe';

const DAY_MS = 86_400_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given a child with a seat, when the family moves it to a class with a seat left, then it is enrolled there in one step; to a full class, it waits there keeping its seat', async () => {
  const semester = await openSemester({ changesClose: new Date(Date.now() + 10 * DAY_MS).toISOString() });
  const from = await newClass(semester.id, { name: `Ice Climbing ${Date.now()}` });
  const to = await newClass(semester.id, { name: `Snowshoe Trek ${Date.now()}`, capacity: 3 });
  const full = await newClass(semester.id, { name: `Full Class ${Date.now()}`, capacity: 0 });
  const { family, students } = await familyWithStudents(1, 'mover');
  const child = students[0]!;
  await data('enroll', { studentId: child.id, classId: from.id }, family.accessToken);

  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/account/enrollments');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await waitForPath(page, '/account/enrollments');
  await page.getByRole('button', { name: `Move to another class: Child1 Tester, now in ${from.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Child1 to another class?' });
  await dialog.getByRole('radio', { name: new RegExp(`^${to.name} · .* · 3 seats left$`) }).check();
  await dialog
    .getByRole('radio', { name: new RegExp(`^${full.name} · .* · Full: wait for a seat, keeping this one$`) })
    .waitFor();
  expectNone(await violations(page, 'family, moving a child to another class'));
  await dialog.getByRole('button', { name: `Move Child1 to ${to.name}` }).click();
  await toast(
    page,
    `Child1 is enrolled in ${to.name}; the seat in ${from.name} went to the next child waiting.`,
  ).waitFor();
  await page.getByRole('button', { name: `Cancel Child1 Tester in ${to.name}` }).waitFor();

  // The full class: its waitlist, keeping the seat.
  await page.getByRole('button', { name: `Move to another class: Child1 Tester, now in ${to.name}` }).click();
  await dialog.getByRole('radio', { name: new RegExp(`^${full.name} · `) }).check();
  await dialog.getByRole('button', { name: `Wait for a seat in ${full.name}` }).click();
  await toast(
    page,
    `Child1 is on the waitlist for ${full.name} (position 1) and keeps the seat in ${to.name} until a seat there is theirs.`,
  ).waitFor();
  await page
    .getByText(`Moving to ${full.name} as soon as a seat there is Child1's: this seat is kept until then.`)
    .waitFor();
  await page.getByText(`Child1 keeps the seat in ${to.name} until a seat here is theirs, then moves.`).waitFor();
  // No second move while one waits.
  expect(await page.getByRole('button', { name: /^Move to another class/ }).count()).toBe(0);
  expectNone(await violations(page, 'family, a move waiting for a seat'));
  await context.close();
  const mine = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken);
  expect(mine.enrollments.find((entry) => entry.classId === to.id)?.status).toBe('enrolled');
  expect(mine.enrollments.find((entry) => entry.classId === from.id)?.status).toBe('cancelled');
  expect(mine.enrollments.find((entry) => entry.classId === full.id)).toMatchObject({
    status: 'waitlisted',
    movingFrom: to.id,
  });
});

test('given the deadline for changes passed, then My Enrollments says whom to write to, with no move and no cancel', async () => {
  const changesClose = new Date(Date.now() - DAY_MS).toISOString();
  const semester = await openSemester({ changesClose });
  const cls = await newClass(semester.id, { name: `Avalanche Basics ${Date.now()}` });
  const { family, students } = await familyWithStudents(1, 'late');
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const { values } = await data<{ values: { contactEmail: string } }>('config');

  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/account/enrollments');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, family.email, family.password);
  await waitForPath(page, '/account/enrollments');
  await page
    .getByText(
      `Families could move or drop ${semester.name}'s classes until ${pageMoment(changesClose)}. To change a class now, write to ${values.contactEmail}.`,
    )
    .waitFor();
  expect(await page.getByRole('button', { name: `Cancel Child1 Tester in ${cls.name}` }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Move to another class/ }).count()).toBe(0);
  expectNone(await violations(page, 'family, My Enrollments after the deadline for changes'));
  await context.close();
});
