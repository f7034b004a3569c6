// The class day on a phone, in Chromium: the office invites an account to teach a class (through the API, as the
// integration tests do); the instructor accepts on the invitation's page, opens the class day and the meeting's
// roster, loses signal, still sees the roster, makes three marks shown as waiting, gets signal back, and the marks
// reach the portal once each, in the order made; the family reads the day in My Enrollments and gets the check-out
// e-mail; the office reads the meeting and the class over time. axe checks the invitation, the class day, the roster
// with and without signal, the check-out dialog, the family's attendance and its absence report, and the office's two
// attendance views.
import type { Browser } from 'playwright-core';
import type { ChildAttendance } from '../../lambdas/contract/classDay';
import { launchBrowser, openPortal, signInThroughLogin, waitForPath } from '../support/browser';
import { data, waitForMail } from '../support/portal';
import { openAsAdmin } from './admin-session';
import { classDayFixture } from './classDayFixture';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an instructor marks a meeting without signal; the marks wait on the phone and reach the office once each when signal returns', async () => {
  const {
    admin,
    cls,
    family,
    student: ben,
    instructor,
  } = await classDayFixture('Nordic Skiing', {
    firstName: 'Ben',
    lastName: 'Cairn',
    allergies: 'Peanuts: EpiPen in the backpack',
    pickupAdults: [{ name: 'Dana Cairn', relationship: 'aunt', phone: '+1 555 010 0101' }],
  });
  const reported: string[] = [];

  // The invitation's link, opened signed in: the invited person accepts it and the class day opens.
  const phone = await openPortal(browser, PHONE);
  const { page, context } = phone;
  await signInThroughLogin(page, instructor.email, instructor.password);
  await waitForPath(page, '/classes/enrollment');
  await page.goto('/instructor/invitation');
  const accept = page.getByRole('button', { name: 'Accept the invitation' });
  await accept.waitFor();
  reported.push(...(await violations(page, 'instructor, the invitation to teach (phone)')));
  await accept.click();
  await waitForPath(page, '/instructor');
  const todays = page.getByRole('region', { name: 'Today' });
  await todays.getByRole('link', { name: new RegExp(cls.name) }).waitFor();
  const today = (await todays.getByRole('link', { name: new RegExp(cls.name) }).getAttribute('href'))!
    .split('/')
    .at(-1)!;
  reported.push(...(await violations(page, 'instructor, class day (phone)')));
  await todays.getByRole('link', { name: new RegExp(cls.name) }).click();
  await waitForPath(page, `/instructor/class/${cls.id}/${today}`);
  const card = page.getByRole('article', { name: 'Ben Cairn' });
  await card.getByText('Peanuts: EpiPen in the backpack').waitFor();
  reported.push(...(await violations(page, 'instructor, roster (phone)')));

  // No signal: the roster is still there (the phone's copy), and the marks wait on the phone.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'All my classes' }).click();
  await todays.getByRole('link', { name: new RegExp(cls.name) }).click();
  await page.getByText('No signal: shown as this phone kept it when it last had signal.').waitFor();
  await card.getByRole('button', { name: 'Present Ben' }).click();
  await card.getByRole('button', { name: 'Check in Ben' }).click();
  await card.getByRole('button', { name: 'Check out Ben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check out Ben Cairn' });
  expect(await dialog.getByRole('radio', { name: 'Dana Cairn (aunt)' }).isChecked()).toBe(true);
  reported.push(...(await violations(page, 'instructor, check-out dialog offline (phone)')));
  await dialog.getByRole('button', { name: 'Check out' }).click();
  await dialog.waitFor({ state: 'detached' });
  const status = page.getByRole('status').filter({ hasText: 'waiting to be sent' });
  await status.getByText(/^3 marks waiting to be sent\. No signal/).waitFor();
  await card.getByText(/^Last mark here: Checked out to Dana Cairn at/).waitFor();
  reported.push(...(await violations(page, 'instructor, roster offline with marks waiting (phone)')));

  // Signal again: the marks are sent, once each, in the order made.
  await context.setOffline(false);
  await page.getByText('Every mark made here is sent.').waitFor();
  const meeting = await data<{ children: ChildAttendance[] }>(
    'meetingAttendance',
    { classId: cls.id, date: today },
    admin,
  );
  const events = meeting.children.find((child) => child.studentId === ben.id)!.events;
  expect(events.map((event) => event.kind)).toEqual(['present', 'checkIn', 'checkOut']);
  expect(new Set(events.map((event) => event.key)).size).toBe(3);
  expect(events[2]).toMatchObject({ pickedUpBy: 'Dana Cairn' });
  expect(events[2]!.flagged).toBeUndefined();
  await context.close();

  // The family reads the day in My Enrollments, and is told of the check-out by e-mail.
  const home = await openPortal(browser, PHONE);
  await home.page.goto('/account/enrollments');
  await waitForPath(home.page, '/user/login');
  await signInThroughLogin(home.page, family.email, family.password);
  await waitForPath(home.page, '/account/enrollments');
  const day = home.page
    .getByRole('table', { name: `Attendance of Ben Cairn in ${cls.name}` })
    .getByRole('row')
    .nth(1);
  await day.getByText('Present', { exact: true }).waitFor();
  await day.getByText(/, to Dana Cairn$/).waitFor();
  reported.push(...(await violations(home.page, 'family, attendance in My Enrollments (phone)')));
  await home.page.getByRole('button', { name: `Report an absence: Ben Cairn in ${cls.name}` }).click();
  const absence = home.page.getByRole('dialog', { name: 'Report an absence: Ben Cairn' });
  await absence.waitFor();
  reported.push(...(await violations(home.page, 'family, the absence report (phone)')));
  await absence.getByRole('button', { name: 'Cancel' }).click();
  await absence.waitFor({ state: 'hidden' });
  await waitForMail(family.email, `Checked out: Ben Cairn from ${cls.name}`);
  await home.context.close();

  // The office reads the meeting and the class over time on its Instructors screen.
  const office = await openAsAdmin(browser, `/admin/instructors?semesterId=${cls.semesterId}`);
  const attendance = office.page.getByRole('region', { name: 'Attendance' });
  await attendance.getByRole('combobox', { name: 'Class' }).click();
  await office.page.getByRole('option', { name: cls.name }).click();
  await attendance.getByRole('combobox', { name: 'Meeting' }).click();
  // Every meeting, then the day before, today and the day after, in order.
  await office.page.getByRole('option').nth(2).click();
  const meetingRow = attendance
    .getByRole('table', { name: new RegExp(`^Attendance of ${cls.name}, `) })
    .getByRole('row', {
      name: /Ben Cairn/,
    });
  await meetingRow.getByText(/Dana Cairn/).waitFor();
  reported.push(...(await violations(office.page, "office, a meeting's attendance")));
  await attendance.getByRole('combobox', { name: 'Meeting' }).click();
  await office.page.getByRole('option', { name: 'Every meeting' }).click();
  await attendance
    .getByRole('table', { name: `Attendance of ${cls.name}, every meeting` })
    .getByRole('row', { name: /Ben Cairn/ })
    .waitFor();
  reported.push(...(await violations(office.page, 'office, a class over every meeting')));
  await office.context.close();
  expectNone(reported);
});
