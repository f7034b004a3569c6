// Student Info Sheets (/admin/students) in Chromium: the semester's students once each in the Data Grid,
// its search, a student's whole sheet by mouse and by keyboard, the CSV of the rows shown, a tablet.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { dayOf } from '../../lambdas/contract/moments';
import type { Class, Semester, Student } from '../../lambdas/contract/records';
import { launchBrowser } from '../support/browser';
import { openAsAdmin } from './admin-session';
import { addStudent, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily, type SignedIn } from '../support/portal';
import { csvLine } from '../support/csv';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';

let browser: Browser;
let semester: Semester;
let nordic: Class;
let camping: Class;
let family: SignedIn;
// Unique to this run, so the search finds only this family.
const familyName = `Serac${Math.random().toString(36).slice(2, 7)}`;
beforeAll(async () => {
  browser = await launchBrowser();
  semester = await openSemester({ name: `Students semester ${Date.now()}` });
  nordic = await newClass(semester.id, { name: `Nordic Sheets ${Date.now()}`, capacity: 2 });
  camping = await newClass(semester.id, { name: `Camping Sheets ${Date.now()}`, capacity: 1 });
  family = await signUpFamily('sheets');
  const ada = await addStudent(family, {
    firstName: 'Ada',
    lastName: familyName,
    grade: 0,
    school: 'Lakeside Academy',
    tshirtSize: 'YS',
    allergies: 'Bee stings',
    medications: 'Inhaler',
    medicalNotes: 'Wears glasses',
    photoConsent: false,
    emergencyContacts: [
      { name: 'Mira Serac', phone: '+1 555 300 4000', relationship: 'mother' },
      { name: 'Olaf Serac', phone: '+1 555 300 4001' },
    ],
    pickupAdults: [{ name: 'Ines Serac', relationship: 'grandmother', phone: '+1 555 300 4002' }],
  });
  const ben = await addStudent(family, { firstName: 'Ben', lastName: familyName });
  const other = await signUpFamily('sheets-other');
  const cleo = await addStudent(other, { firstName: 'Cleo', lastName: 'Bergschrund' });
  await data('enroll', { studentId: cleo.id, classId: camping.id }, other.accessToken);
  await data('enroll', { studentId: ada.id, classId: nordic.id }, family.accessToken);
  await data('enroll', { studentId: ada.id, classId: camping.id }, family.accessToken);
  await data('enroll', { studentId: ben.id, classId: nordic.id }, family.accessToken);
});
afterAll(async () => {
  await browser?.close();
});

async function openStudents(width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openAsAdmin(browser, '/admin/students', { width });
  await page.getByRole('combobox', { name: 'Semester' }).click();
  await page.getByRole('option', { name: semester.name }).click();
  // The choice goes into the URL first, and the students load from there: wait for them, not for a moment
  // between the two when nothing is loading yet.
  await page.waitForURL(`**/admin/students?semesterId=${semester.id}`);
  await rows(page).first().waitFor();
  return { page, close: () => context.close() };
}

const rows = (page: Page) =>
  page
    .getByRole('grid', { name: 'Students' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

test("given a semester's enrollments, then each student is one row with their classes, and the search finds a family by name", async () => {
  const { page, close } = await openStudents();
  await expect(rows(page).count()).resolves.toBe(3);
  const ada = rows(page).filter({ hasText: `${familyName}, Ada` });
  await ada.getByText(`${camping.name} (Waitlisted #1); ${nordic.name} (Enrolled)`).waitFor();
  await ada.getByText('Enrolled and waitlisted').waitFor();
  await ada.getByText('K', { exact: true }).waitFor();

  await page.getByRole('searchbox').fill(familyName);
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=row][data-id]').length === 2);
  expect(await rows(page).allInnerTexts()).toEqual([
    expect.stringContaining(`${familyName}, Ada`),
    expect.stringContaining(`${familyName}, Ben`),
  ]);
  await close();
});

test("given a student's row, when the name is chosen (or Enter pressed on the row), then the whole sheet opens", async () => {
  const { page, close } = await openStudents();
  await page.getByRole('button', { name: `Open the sheet of ${familyName}, Ada` }).click();
  const sheet = page.getByRole('dialog', { name: `Ada ${familyName}` });
  for (const text of [
    'Mar 15, 2014',
    'Lakeside Academy',
    'Youth S',
    `${camping.name} (Waitlisted #1)`,
    `${nordic.name} (Enrolled)`,
    family.email,
    'Mira Serac (mother): +1 555 300 4000',
    'Olaf Serac: +1 555 300 4001',
    'Bee stings',
    'Inhaler',
    'Wears glasses',
  ]) {
    await sheet.getByText(text, { exact: false }).first().waitFor();
  }
  expect(
    await sheet.locator('dt', { hasText: 'Photo consent' }).locator('xpath=following-sibling::dd[1]').innerText(),
  ).toBe('No');
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });

  await rows(page).filter({ hasText: 'Bergschrund, Cleo' }).getByRole('gridcell').nth(3).click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await rows(page)
    .filter({ hasText: `${familyName}, Ben` })
    .getByRole('gridcell')
    .nth(2)
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: `Ben ${familyName}` }).waitFor();
  await close();
});

test('given a search, when the table is exported, then the CSV holds the rows shown, one per student with every field', async () => {
  const { page, close } = await openStudents();
  // The day each child's details were confirmed, on the programme's clock: the day the family added them.
  const confirmed = Object.fromEntries(
    (await data<{ students: Student[] }>('students', {}, family.accessToken)).students.map((student) => [
      student.firstName,
      dayOf(student.detailsConfirmedAt!, LOCAL_TIME_ZONE),
    ]),
  );
  await page.getByRole('searchbox').fill(familyName);
  await page.waitForFunction(() => document.querySelectorAll('[role=grid] [role=row][data-id]').length === 2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const [header, ...lines] = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(
    csvLine(
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
      'Classes',
    ),
  );
  expect(lines).toEqual([
    csvLine(
      familyName,
      'Ada',
      '2014-03-15',
      'K',
      'Lakeside Academy',
      'Youth S',
      family.email,
      'Mira Serac (mother) +1 555 300 4000; Olaf Serac +1 555 300 4001',
      'Ines Serac (grandmother) +1 555 300 4002',
      confirmed.Ada!,
      'Bee stings',
      'Inhaler',
      'Wears glasses',
      'No',
      'none',
      `${camping.name} (Waitlisted #1); ${nordic.name} (Enrolled)`,
    ),
    csvLine(
      familyName,
      'Ben',
      '2014-03-15',
      'Grade 7',
      '',
      'Youth M',
      family.email,
      'Jordan Tester (parent) +1 555 010 0100',
      '',
      confirmed.Ben!,
      '',
      '',
      '',
      'Not answered',
      'none',
      `${nordic.name} (Enrolled)`,
    ),
  ]);
  await close();
});

test('given a tablet (768px), then the table scrolls inside its frame and the sheet fits the screen', async () => {
  const { page, close } = await openStudents(768);
  await rows(page).first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.getByRole('button', { name: `Open the sheet of ${familyName}, Ada` }).click();
  const sheet = await page.getByRole('dialog').boundingBox();
  expect(sheet!.x).toBeGreaterThanOrEqual(0);
  expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(768);
  await close();
});
