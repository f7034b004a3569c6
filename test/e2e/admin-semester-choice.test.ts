// Every administration screen keeps the chosen semester in the URL (?semesterId=) and reads it on load: after
// a reload the administrator still sees the semester they chose, not the current one.
import type { Browser } from 'playwright-core';
import type { Class, Semester } from '../../lambdas/contract/records';
import { launchBrowser } from '../support/browser';
import { familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';

let browser: Browser;
let semester: Semester;
let cls: Class;
beforeAll(async () => {
  browser = await launchBrowser();
  semester = await openSemester({ name: unique('Chosen semester') });
  cls = await newClass(semester.id, { name: unique('Alpine Navigation (Juniors and their guardians)') });
  const { family, students } = await familyWithStudents(1, 'navigation');
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
});
afterAll(async () => {
  await browser?.close();
});

test.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])(
  'given an admin on a %s who chooses a semester that is not the current one, when they reload Class Forms, Student Info Sheets or the T-shirt counts, then that semester is still chosen',
  async (_window, size) => {
    const { page, context } = await openAsAdmin(browser, '/admin/report', size);
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

    // The enrollments grid shows the class's whole name (it wraps), not "Alpine Navigation (J…".
    await page.goto(`/admin/enrollments?semesterId=${semester.id}`);
    const cell = page.locator('[role="gridcell"][data-field="className"]').filter({ hasText: cls.name });
    await cell.waitFor();
    expect(
      await cell.evaluate((node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight),
    ).toBe(true);

    // The class list's Edit and Delete are on the screen, also on a phone.
    await page.goto(`/admin/classes/management/semester/${semester.id}`);
    for (const action of ['Edit', 'Delete']) {
      const box = (await page
        .getByRole('button', { name: `${action} ${cls.name}` })
        .or(page.getByRole('link', { name: `${action} ${cls.name}` }))
        .boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    }
    await context.close();
  },
);
