// Class Forms and Contacts (/admin/report) in Chromium: a class's printable roster and waitlist from the
// dashboard's ?classId= link, every class of a semester printed one per page, the CSV export, a tablet.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { detailsConfirmedLabel } from '../../lambdas/contract/configNames';
import { dayOf } from '../../lambdas/contract/moments';
import type { Class, Semester, Student } from '../../lambdas/contract/records';
import { launchBrowser } from '../support/browser';
import { openAsAdmin } from './admin-session';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily, type SignedIn } from '../support/portal';
import { csvLine } from '../support/csv';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';

let browser: Browser;
let semester: Semester;
let glacier: Class;
let ridge: Class;
let parent: SignedIn;
let neighbour: SignedIn;
let sky: Student;
let lee: Student;
beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now();
  semester = await openSemester({ name: `Report semester ${stamp}` });
  glacier = await newClass(semester.id, {
    name: `Glacier Forms ${stamp}`,
    capacity: 1,
    location: 'North Bowl',
    instructor: 'Kai Moreau',
  });
  ridge = await newClass(semester.id, { name: `Ridge Forms ${stamp}`, capacity: 5 });
  parent = await signUpFamily('report');
  sky = await addStudent(parent, {
    firstName: 'Sky',
    lastName: 'Moraine',
    school: 'Pine Ridge Elementary',
    allergies: 'Peanuts',
    medications: 'EpiPen in the backpack',
    medicalNotes: 'Asthma after long climbs',
    photoConsent: true,
    emergencyContacts: [{ name: 'Robin Moraine', phone: '+1 555 010 2030', relationship: 'mother' }],
    pickupAdults: [{ name: 'Sam Rivera', relationship: 'Aunt', phone: '+1 555 010 0199' }],
  });
  neighbour = await signUpFamily('report-waitlist');
  lee = await addStudent(neighbour, { firstName: 'Lee', lastName: 'Cornice', photoConsent: false });
  await data('enroll', { studentId: sky.id, classId: glacier.id }, parent.accessToken);
  await data('enroll', { studentId: sky.id, classId: ridge.id }, parent.accessToken);
  await data('enroll', { studentId: lee.id, classId: glacier.id }, neighbour.accessToken);
});
afterAll(async () => {
  await browser?.close();
});

async function openReport(path: string, width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openAsAdmin(browser, path, { width });
  await page.getByRole('heading', { name: 'Class Forms and Contacts', level: 1 }).waitFor();
  return { page, close: () => context.close() };
}

const section = (page: Page, cls: Class) => page.getByRole('region', { name: cls.name, exact: true });

test("given the dashboard's link to a class, then its roster shows each student's details, contacts and health notes, and its waitlist follows", async () => {
  const { page, close } = await openReport(`/admin/report?classId=${glacier.id}`);
  const glacierSection = section(page, glacier);
  const roster = glacierSection.getByRole('table', { name: `Roster of ${glacier.name}` });
  await roster.waitFor();
  expect(await page.getByRole('combobox', { name: 'Semester' }).innerText()).toBe(semester.name);
  expect(await page.getByRole('combobox', { name: 'Class' }).innerText()).toBe(glacier.name);
  expect(await page.locator('main section').count()).toBe(1);
  await glacierSection.getByText('North Bowl').waitFor();
  await glacierSection.getByText('Kai Moreau').waitFor();
  await glacierSection.getByText('1 enrolled of 1, 1 on the waitlist').waitFor();

  const skyRow = roster.getByRole('row').filter({ hasText: 'Moraine, Sky' });
  for (const text of [
    'Pine Ridge Elementary',
    'Grade 7',
    'T-shirt: Youth M',
    parent.email,
    'Robin Moraine (mother): +1 555 010 2030',
    'Pick-up: Sam Rivera (Aunt): +1 555 010 0199',
    `Details confirmed ${detailsConfirmedLabel(sky.detailsConfirmedAt, LOCAL_TIME_ZONE)}`,
    'Allergies: Peanuts',
    'Medications: EpiPen in the backpack',
    'Medical notes: Asthma after long climbs',
    'Yes',
  ]) {
    await skyRow.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
  }
  expect(await skyRow.getByRole('link', { name: '+1 555 010 2030' }).getAttribute('href')).toBe('tel:+15550102030');
  const waitlist = glacierSection.getByRole('table', { name: `Waitlist of ${glacier.name}` });
  expect(await waitlist.getByRole('row').nth(1).innerText()).toMatch(/^1\s+Cornice, Lee[\s\S]*None given\s+No$/);
  await close();
});

test('given every class of the semester, when printed, then only the rosters show, each class on its own page', async () => {
  const { page, close } = await openReport(`/admin/report?classId=${glacier.id}`);
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'All classes (2)' }).click();
  // All classes: the class leaves the URL, the semester stays in it.
  await page.waitForURL((url) => !url.searchParams.has('classId') && url.searchParams.has('semesterId'));
  await section(page, ridge)
    .getByRole('table', { name: `Roster of ${ridge.name}` })
    .waitFor();
  expect(await page.locator('main section h2').allInnerTexts()).toEqual([glacier.name, ridge.name]);
  const print = page.getByRole('button', { name: 'Print' });
  expect(await print.isEnabled()).toBe(true);

  await page.emulateMedia({ media: 'print' });
  for (const hidden of [
    page.getByRole('banner'),
    page.getByRole('contentinfo'),
    print,
    page.getByRole('button', { name: 'Export CSV' }),
    page.getByRole('combobox', { name: 'Semester' }),
  ]) {
    expect(await hidden.isVisible()).toBe(false);
  }
  expect(await section(page, glacier).isVisible()).toBe(true);
  const pageBreaks = await page
    .locator('main section')
    .evaluateAll((sections) => sections.map((element) => getComputedStyle(element).breakAfter));
  expect(pageBreaks).toEqual(['page', 'auto']);
  await page.emulateMedia({ media: 'screen' });
  expect(await page.getByRole('banner').isVisible()).toBe(true);
  await close();
});

test('given a class of 20 with every contact and health note, when printed, then its forms take at most two Letter pages and its attendance sheet one, every page headed by its class, semester and "Page x of y"', async () => {
  const admin = (await adminSession()).accessToken;
  const own = await openSemester({ name: `Print semester ${Date.now()}` });
  const big = await newClass(own.id, {
    name: `Summit Forms ${Date.now()}`,
    capacity: 20,
    meetings: Array.from({ length: 12 }, (_, week) => ({
      date: new Date(Date.UTC(2031, 0, 4 + 7 * week)).toISOString().slice(0, 10),
      start: '09:00',
      end: '12:00',
    })),
  });
  const family = await signUpFamily('twenty');
  for (let child = 1; child <= 20; child += 1) {
    const student = await addStudent(family, {
      firstName: `Climber${child}`,
      school: 'Pine Ridge Elementary',
      allergies: 'Peanuts and tree nuts',
      medications: 'EpiPen in the backpack',
      medicalNotes: 'Asthma after long climbs: inhaler before exercise',
      emergencyContacts: [
        { name: 'Robin Tester', phone: '+1 555 010 2030', relationship: 'mother' },
        { name: 'Alex Tester', phone: '+1 555 010 4050', relationship: 'father' },
      ],
    });
    // An administrator enrolls past the family's caps.
    await data('enroll', { studentId: student.id, classId: big.id }, admin);
  }
  const { page, close } = await openReport(`/admin/report?classId=${big.id}`);
  const roster = section(page, big).getByRole('table', { name: `Roster of ${big.name}` });
  await roster.getByRole('row').nth(20).waitFor();
  const pdfPages = async () => countPdfPages(await page.pdf({ format: 'Letter', preferCSSPageSize: true }));
  expect(await pdfPages()).toBeLessThanOrEqual(2);
  await page.emulateMedia({ media: 'print' });
  expect(await pageHeader(page, big)).toEqual({
    top: `${big.name} · ${own.name} · Forms and contacts`,
    numbered: true,
    landscape: false,
  });

  // Back to no emulation: a PDF is printed with the print styles unless the screen's are emulated.
  await page.emulateMedia({ media: null });
  await page.getByRole('combobox', { name: 'Printout' }).click();
  await page.getByRole('option', { name: 'Attendance sheets' }).click();
  await page.waitForURL((url) => url.searchParams.get('printout') === 'attendance');
  const sheet = section(page, big).getByRole('table', { name: `Attendance of ${big.name}` });
  await sheet.getByRole('row').nth(20).waitFor();
  // One column per meeting date, one row per student.
  expect(await sheet.getByRole('row').first().getByRole('columnheader').count()).toBe(2 + 12);
  expect(await sheet.getByRole('row').count()).toBe(1 + 20);
  expect(await pdfPages()).toBe(1);
  await page.emulateMedia({ media: 'print' });
  expect(await pageHeader(page, big)).toEqual({
    top: `${big.name} · ${own.name} · Attendance sheet`,
    numbered: true,
    landscape: true,
  });
  await close();
});

/** Pages of a PDF as Chromium writes it: one page object each. */
function countPdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

/** The header of the printed pages the class's section is on: its named page's margin boxes, as Chromium reads them. */
function pageHeader(page: Page, cls: Class) {
  return section(page, cls).evaluate((element) => {
    const name = getComputedStyle(element).getPropertyValue('page');
    const pageRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((candidate): candidate is CSSPageRule => candidate instanceof CSSPageRule);
    const text = pageRules.find((rule) => rule.selectorText === name)?.cssText ?? '';
    return {
      top: /@top-left\s*\{\s*content:\s*"([^"]*)"/.exec(text)?.[1],
      numbered: /@top-right\s*\{\s*content:\s*"Page " counter\(page\) " of " counter\(pages\)/.test(text),
      landscape: pageRules.some((rule) => rule.selectorText === '' && /size:\s*landscape/.test(rule.cssText)),
    };
  });
}

test('given the rosters, when exported, then the CSV has one row per student and class, waitlist included', async () => {
  const { page, close } = await openReport('/admin/report');
  await page.getByRole('combobox', { name: 'Semester' }).click();
  await page.getByRole('option', { name: semester.name }).click();
  await section(page, ridge).getByRole('table').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `report-semester-${semester.name.split(' ').at(-1)}-forms-and-contacts.csv`,
  );
  const [header, ...rows] = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(
    csvLine(
      'Class',
      'Status',
      'Last name',
      'First name',
      'Birth date',
      'Grade',
      'School',
      'T-shirt size',
      'Guardian e-mail',
      'Emergency contacts',
      'Pick-up adults',
      'Details confirmed',
      'Allergies',
      'Medications',
      'Medical notes',
      'Photo consent',
      'Policies accepted',
    ),
  );
  expect(rows).toEqual([
    csvLine(
      glacier.name,
      'Enrolled',
      'Moraine',
      'Sky',
      '2014-03-15',
      'Grade 7',
      'Pine Ridge Elementary',
      'Youth M',
      parent.email,
      'Robin Moraine (mother) +1 555 010 2030',
      'Sam Rivera (Aunt) +1 555 010 0199',
      dayOf(sky.detailsConfirmedAt!, LOCAL_TIME_ZONE),
      'Peanuts',
      'EpiPen in the backpack',
      'Asthma after long climbs',
      'Yes',
      'none',
    ),
    csvLine(
      glacier.name,
      'Waitlisted #1',
      'Cornice',
      'Lee',
      '2014-03-15',
      'Grade 7',
      '',
      'Youth M',
      neighbour.email,
      'Jordan Tester (parent) +1 555 010 0100',
      '',
      dayOf(lee.detailsConfirmedAt!, LOCAL_TIME_ZONE),
      '',
      '',
      '',
      'No',
      'none',
    ),
    csvLine(
      ridge.name,
      'Enrolled',
      'Moraine',
      'Sky',
      '2014-03-15',
      'Grade 7',
      'Pine Ridge Elementary',
      'Youth M',
      parent.email,
      'Robin Moraine (mother) +1 555 010 2030',
      'Sam Rivera (Aunt) +1 555 010 0199',
      dayOf(sky.detailsConfirmedAt!, LOCAL_TIME_ZONE),
      'Peanuts',
      'EpiPen in the backpack',
      'Asthma after long climbs',
      'Yes',
      'none',
    ),
  ]);
  await close();
});

test('given a tablet (768px), then the roster fits the screen width and the controls stay in reach', async () => {
  const { page, close } = await openReport(`/admin/report?classId=${glacier.id}`, 768);
  await section(page, glacier)
    .getByRole('table', { name: `Roster of ${glacier.name}` })
    .waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const print = await page.getByRole('button', { name: 'Print' }).boundingBox();
  expect(print!.x + print!.width).toBeLessThanOrEqual(768);
  await page.getByRole('button', { name: 'Export CSV' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Print');
  await close();
});
