// Class Calendar (/calendar/classes) in Chromium, as a visitor who is not signed in: a class chosen by
// link or by the filter, its meetings in the month, week and list views, a meeting's details, the feeds to
// subscribe to (and what they serve), a phone and a tablet.
import type { Browser, Page } from 'playwright-core';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { zoneName } from '../../lambdas/contract/moments';
import type { Class, Semester } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, toast } from '../support/browser';
import { newClass, openSemester } from '../support/fixtures';
import { data, portalUrl } from '../support/portal';

const DAY = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let browser: Browser;
let semester: Semester;
let icefall: Class;
let moraine: Class;
beforeAll(async () => {
  browser = await launchBrowser();
  // Later than other tests' semesters, so it is among the newest the class filter lists.
  semester = await openSemester({
    name: `Calendar semester ${Date.now()}`,
    startDate: dayFromNow(300),
    endDate: dayFromNow(360),
  });
  const first = dayFromNow(310);
  icefall = await newClass(semester.id, {
    name: `Icefall Walk ${Date.now()}`,
    location: 'Frozen Falls',
    meetings: [
      { date: first, start: '09:00', end: '11:30' },
      { date: dayFromNow(317), start: '09:00', end: '11:30' },
    ],
  });
  moraine = await newClass(semester.id, {
    name: `Moraine Hike ${Date.now()}`,
    location: 'Ridge Trailhead',
    meetings: [{ date: first, start: '13:00', end: '15:00' }],
  });
});
afterAll(async () => {
  await browser?.close();
});

const meeting = (page: Page, cls: Class) => page.locator('.fc-event').filter({ hasText: cls.name });
/**
 * The week view, once its meetings are read and the class's meeting is drawn in full, its `times` shown: the view
 * reads the meetings of its own dates, and draws them again when they come; a meeting read or focused before is
 * empty or replaced.
 */
async function weekMeeting(page: Page, cls: Class, times: string) {
  await page.locator('.fc-timeGridWeek-view').waitFor();
  await page.getByRole('progressbar', { name: 'Loading class meetings' }).waitFor({ state: 'hidden' });
  const drawn = meeting(page, cls).filter({ hasText: times });
  await drawn.waitFor();
  return drawn;
}

test('given a link to one class, when a visitor opens it, then the calendar goes to its next meeting and shows only that class, in month, week and list views', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto(`/calendar/classes?classId=${icefall.id}`);
  await page.getByRole('heading', { name: 'Class Calendar', level: 1 }).waitFor();
  await meeting(page, icefall).first().waitFor();
  expect(await page.getByRole('combobox', { name: 'Class' }).inputValue()).toBe(icefall.name);
  expect(await meeting(page, moraine).count()).toBe(0);
  // The programme's 12-hour clock, its zone named once on the page.
  await expect(meeting(page, icefall).first().innerText()).resolves.toContain('9:00 AM');
  await page
    .getByText(`(times in ${zoneName(LOCAL_TIME_ZONE, icefall.meetings[0]!.date)})`, { exact: false })
    .waitFor();

  await page.getByRole('button', { name: 'Week' }).click();
  await weekMeeting(page, icefall, '9:00 AM - 11:30 AM');
  await page.getByRole('button', { name: 'List' }).click();
  await page.locator('.fc-listMonth-view').waitFor();
  await expect(meeting(page, icefall).first().innerText()).resolves.toContain('Frozen Falls');
  expect(page.url()).not.toContain('/user/login');
  await context.close();
});

test('given all classes, when a meeting is chosen, then its name, time, place and the way to register show; the filter then narrows to that class', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/calendar/classes');
  // It opens on a month with the current semester's meetings, and its filter lists that semester first.
  await page.locator('.fc-event').first().waitFor();
  const filter = page.getByRole('combobox', { name: 'Class' });
  await filter.click();
  const current = (await data<{ semesters: Semester[] }>('semesters')).semesters.find((s) => s.current)!;
  expect(await page.locator('.MuiAutocomplete-groupLabel').first().innerText()).toBe(current.name);
  await page.keyboard.press('Escape');
  await filter.fill(moraine.name);
  await page.getByRole('option', { name: moraine.name }).click();
  await page.waitForURL((url) => url.search === `?classId=${moraine.id}`);
  await meeting(page, moraine).waitFor();
  await filter.click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.waitForURL((url) => url.search === '');
  // Clearing leaves the list of classes open over the month, as it is after a click in the filter; which
  // meetings it covers depends on the weekday of today's date plus 310 days, so it is closed first.
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await meeting(page, icefall).first().waitFor();
  await meeting(page, moraine).waitFor();

  await meeting(page, icefall).first().click();
  const details = page.getByRole('dialog', { name: icefall.name });
  await details
    .getByText(new RegExp(`, 9:00 AM–11:30 AM ${zoneName(LOCAL_TIME_ZONE, icefall.meetings[0]!.date)}$`))
    .waitFor();
  await details.getByText('Frozen Falls').waitFor();
  expect(await details.getByRole('link', { name: 'Class Registration' }).getAttribute('href')).toBe(
    `/classes/enrollment?class=${icefall.id}`,
  );
  await details.getByRole('button', { name: 'Show only this class' }).click();
  await page.waitForURL((url) => url.search === `?classId=${icefall.id}`);
  // The other class's meetings go once the filter is drawn (on a loaded machine, after the address changed).
  await meeting(page, moraine).waitFor({ state: 'detached' });
  await meeting(page, icefall).first().waitFor();
  await context.close();
});

test('given the feeds, then "Subscribe to all classes" opens webcal://, the address is copied, and it serves the iCalendar of every class; a chosen class has its own feed', async () => {
  const { page, context } = await openPortal(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/calendar/classes');
  const everything = `${portalUrl()}/api/calendar.ics`;
  const subscribe = page.getByRole('link', { name: 'Subscribe to all classes' });
  expect(await subscribe.getAttribute('href')).toBe(everything.replace(/^http:/, 'webcal:'));
  expect(await page.getByRole('textbox', { name: 'Feed address: all classes' }).inputValue()).toBe(everything);
  await page.getByRole('button', { name: 'Copy the feed address: all classes' }).click();
  await toast(page, 'The calendar address is copied.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(everything);
  const programme = await fetch(everything);
  expect(programme.headers.get('content-type')).toMatch(/^text\/calendar/);
  const programmeText = await programme.text();
  expect(programmeText).toContain(`SUMMARY:${icefall.name}`);
  expect(programmeText).toContain(`SUMMARY:${moraine.name}`);

  await page.goto(`/calendar/classes?classId=${moraine.id}`);
  const one = `${everything}?classId=${moraine.id}`;
  await page.getByRole('link', { name: `Subscribe to ${moraine.name}` }).waitFor();
  expect(await page.getByRole('link', { name: `Subscribe to ${moraine.name}` }).getAttribute('href')).toBe(
    one.replace(/^http:/, 'webcal:'),
  );
  expect(await page.getByRole('textbox', { name: `Feed address: ${moraine.name}` }).inputValue()).toBe(one);
  const classText = await (await fetch(one)).text();
  expect(classText).toContain(`SUMMARY:${moraine.name}`);
  expect(classText).not.toContain(`SUMMARY:${icefall.name}`);
  await context.close();
});

test('given a phone (390px), then the list view comes first and nothing overflows; given a tablet (768px), the month fits and a meeting opens by keyboard', async () => {
  const phone = await openPortal(browser, { width: 390, height: 844 });
  await phone.page.goto(`/calendar/classes?classId=${icefall.id}`);
  await phone.page.locator('.fc-listMonth-view').waitFor();
  await meeting(phone.page, icefall).first().waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.context.close();

  const tablet = await openPortal(browser, { width: 768, height: 1024 });
  await tablet.page.goto(`/calendar/classes?classId=${icefall.id}`);
  await tablet.page.locator('.fc-dayGridMonth-view').waitFor();
  await meeting(tablet.page, icefall).first().waitFor();
  expect(await tablet.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await tablet.page.getByRole('button', { name: 'Week' }).focus();
  await tablet.page.keyboard.press('Enter');
  await (await weekMeeting(tablet.page, icefall, '9:00 AM - 11:30 AM')).focus();
  await tablet.page.keyboard.press('Enter');
  await tablet.page.getByRole('dialog', { name: icefall.name }).waitFor();
  await tablet.context.close();
});
