// Every administration screen keeps the chosen semester in the URL (?semesterId=) and reads it on load: after
// a reload the administrator still sees the semester they chose, not the current one.
import type { Browser } from 'playwright-core';
import type { Semester } from '../../lambdas/records';
import { launchBrowser } from '../support/browser';
import { newClass, openSemester } from '../support/fixtures';
import { openAsAdmin, unique } from './admin-session';

let browser: Browser;
let semester: Semester;
beforeAll(async () => {
  browser = await launchBrowser();
  semester = await openSemester({ name: unique('Chosen semester') });
  await newClass(semester.id, { name: unique('Avalanche Awareness') });
});
afterAll(async () => {
  await browser?.close();
});

test('given an admin who chooses a semester that is not the current one, when they reload Class Forms, Student Info Sheets or the T-shirt counts, then that semester is still chosen', async () => {
  const { page, context } = await openAsAdmin(browser, '/admin/report');
  for (const path of ['/admin/report', '/admin/students', '/admin/t-shirts/counts']) {
    await page.goto(path);
    const picker = page.getByRole('combobox', { name: 'Semester' });
    // The screen first shows the current semester; then the administrator picks another.
    await page.waitForURL((url) => url.searchParams.has('semesterId'));
    await picker.click();
    await page.getByRole('option', { name: semester.name }).click();
    await page.waitForURL((url) => url.searchParams.get('semesterId') === semester.id);
    await page.reload();
    await page.getByRole('combobox', { name: 'Semester' }).filter({ hasText: semester.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('semesterId')).toBe(semester.id);
  }
  await context.close();
});
