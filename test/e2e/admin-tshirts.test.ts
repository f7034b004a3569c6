// T-shirt Sizes (/admin/t-shirts) in Chromium: a size added, relabelled, moved by keyboard, retired and
// saved; the server's refusal when another administrator saved first; the counts to order and their CSV;
// a tablet. The size list is shared by every test: sizes added here are retired at once (no family sees
// them) and the list is put back as it was afterwards.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { Class, ManagedTshirtSize, Semester } from '../../lambdas/contract/records';
import { launchBrowser, toast, waitForPath } from '../support/browser';
import { openAsAdmin } from './admin-session';
import { adminSession, addStudent, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily } from '../support/portal';
import { csvLine } from '../support/csv';

let browser: Browser;
let original: ManagedTshirtSize[];
const newCode = () => `Z${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
const adminSizes = async () =>
  (await data<{ sizes: ManagedTshirtSize[] }>('adminTshirtSizes', {}, (await adminSession()).accessToken)).sizes;

beforeAll(async () => {
  browser = await launchBrowser();
  original = await adminSizes();
});
afterAll(async () => {
  await browser?.close();
  // The portal never removes a size; the test's own sizes go straight to the table.
  const { writeTshirtSizes } = await import('../../lambdas/catalogue/settings');
  await writeTshirtSizes(original);
});

async function openSizes(width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openAsAdmin(browser, '/admin/t-shirts', { width });
  await page.getByRole('heading', { name: 'T-shirt Sizes', level: 1 }).waitFor();
  return { page, close: () => context.close() };
}

const sizeLabels = (page: Page) =>
  page
    .getByRole('list', { name: 'T-shirt sizes' })
    .getByRole('textbox')
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));

test('given the size list, when a size is added, relabelled, moved up by keyboard and retired, then Save keeps it in that place', async () => {
  const code = newCode();
  const { page, close } = await openSizes();
  await page.getByRole('list', { name: 'T-shirt sizes' }).getByRole('listitem').first().waitFor();
  expect(await sizeLabels(page)).toEqual(original.map((size) => size.label));

  const addSize = page.getByRole('button', { name: 'Add size' });
  await addSize.click();
  await page.getByText('A code is required').waitFor();
  await page.getByLabel('Code').fill(original[0]!.code.toLowerCase());
  await page.getByText(`${original[0]!.code.toLowerCase()} is already a size`).waitFor();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New size label').fill(`Test ${code}`);
  await addSize.click();
  await page.getByLabel(`Label of ${code}`).fill(`Extra ${code}`);

  const up = page.getByRole('button', { name: `Move Extra ${code} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move Extra ${code} up`);
  await page.keyboard.press('Space');
  const labels = original.map((size) => size.label);
  expect(await sizeLabels(page)).toEqual([...labels.slice(0, -2), `Extra ${code}`, ...labels.slice(-2)]);

  await page.getByRole('button', { name: `Retire Extra ${code}` }).click();
  await page.getByRole('button', { name: `Offer again Extra ${code}` }).waitFor();
  await page.getByText('Unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'The t-shirt sizes are saved.').waitFor();
  expect(await adminSizes()).toEqual([
    ...original.slice(0, -2),
    { code, label: `Extra ${code}`, retired: true },
    ...original.slice(-2),
  ]);
  expect((await data<{ sizes: ManagedTshirtSize[] }>('tshirtSizes')).sizes.map((size) => size.code)).not.toContain(
    code,
  );
  expect(await page.getByText('Unsaved changes').count()).toBe(0);
  await close();
});

test('given another administrator saved the list meanwhile, when Save is pressed, then the server refuses with its reason and the list reloads', async () => {
  const { page, close } = await openSizes();
  await page.getByRole('list', { name: 'T-shirt sizes' }).getByRole('listitem').first().waitFor();
  const elsewhere = newCode();
  await data(
    'saveTshirtSizes',
    { sizes: [...(await adminSizes()), { code: elsewhere, label: 'Added elsewhere', retired: true }] },
    (await adminSession()).accessToken,
  );

  const mine = newCode();
  await page.getByLabel('Code').fill(mine);
  await page.getByLabel('New size label').fill(`Mine ${mine}`);
  await page.getByRole('button', { name: 'Add size' }).click();
  await page.getByRole('button', { name: `Retire Mine ${mine}` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByText(
      `The sizes were not saved: sizes: ${elsewhere} (Added elsewhere) is missing: retire a size rather than removing it`,
    )
    .waitFor();
  await page.getByRole('button', { name: 'Reload the list' }).click();
  await page.getByLabel(`Label of ${elsewhere}`).waitFor();
  expect(await page.getByLabel(`Label of ${mine}`).count()).toBe(0);
  await close();
});

test('given enrolled students, then the counts show shirts by size per class and for the semester (each student once), and export to CSV', async () => {
  const semester: Semester = await openSemester({ name: `Shirts semester ${Date.now()}` });
  const both: Class = await newClass(semester.id, { name: `Shirt Class A ${Date.now()}`, capacity: 5 });
  const full: Class = await newClass(semester.id, { name: `Shirt Class B ${Date.now()}`, capacity: 1 });
  const family = await signUpFamily('shirts');
  const small = await addStudent(family, { firstName: 'Small', tshirtSize: 'YS' });
  const medium = await addStudent(family, { firstName: 'Medium', tshirtSize: 'YM' });
  const large = await addStudent(family, { firstName: 'Large', tshirtSize: 'AL' });
  await data('enroll', { studentId: small.id, classId: both.id }, family.accessToken);
  await data('enroll', { studentId: small.id, classId: full.id }, family.accessToken);
  await data('enroll', { studentId: medium.id, classId: both.id }, family.accessToken);
  await data('enroll', { studentId: large.id, classId: full.id }, family.accessToken);

  const { page, close } = await openSizes();
  await page.getByRole('tab', { name: 'Counts to order' }).click();
  await waitForPath(page, '/admin/t-shirts/counts');
  await page.getByRole('combobox', { name: 'Semester' }).click();
  await page.getByRole('option', { name: semester.name }).click();
  const table = page.getByRole('table', { name: `T-shirt counts of ${semester.name}` });
  await table.waitFor();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers).toEqual(['Class', ...original.filter((size) => !size.retired).map((size) => size.label), 'Total']);
  const countsOf = async (name: string) => {
    const cells = (
      await table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell')
        .allInnerTexts()
    ).map(Number);
    return Object.fromEntries(
      headers
        .slice(1)
        .map((header, index) => [header, cells[index]])
        .filter(([, count]) => count !== 0),
    );
  };
  expect(await countsOf(both.name)).toEqual({ 'Youth S': 1, 'Youth M': 1, Total: 2 });
  expect(await countsOf(full.name)).toEqual({ 'Youth S': 1, Total: 1 });
  expect(await countsOf('Semester (each student once)')).toEqual({ 'Youth S': 1, 'Youth M': 1, Total: 2 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const zeros = (counts: Record<string, number>) => headers.slice(1, -1).map((header) => counts[header] ?? 0);
  expect(lines).toEqual([
    csvLine(...headers),
    csvLine(both.name, ...zeros({ 'Youth S': 1, 'Youth M': 1 }), 2),
    csvLine(full.name, ...zeros({ 'Youth S': 1 }), 1),
    csvLine('Semester (each student once)', ...zeros({ 'Youth S': 1, 'Youth M': 1 }), 2),
  ]);
  await close();
});

test('given a tablet (768px), then the size list and the counts fit the screen, the counts scrolling sideways in their frame', async () => {
  const { page, close } = await openSizes(768);
  await page.getByRole('list', { name: 'T-shirt sizes' }).getByRole('listitem').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const retire = await page.getByRole('button', { name: `Retire ${original[0]!.label}` }).boundingBox();
  expect(retire!.x + retire!.width).toBeLessThanOrEqual(768);
  await page.getByRole('tab', { name: 'Counts to order' }).click();
  await page.getByRole('table').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await close();
});
