// A family that keeps Class Registration open for a semester's opening sees its classes appear at the opening,
// without a reload (the page reads them again once the caches' answers from before it have lapsed).
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin } from '../support/browser';
import { newClass, openSemester } from '../support/fixtures';
import { signUpFamily } from '../support/portal';
import { unique } from './admin-session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given the page is open before registration opens, then the classes appear at the opening without a reload', async () => {
  // Made first: a page reads the semesters when it loads, and the browser keeps an answer up to 5 s.
  const opens = Date.now() + 30_000;
  const semester = await openSemester({
    name: unique('Opening semester'),
    registrationOpens: new Date(opens).toISOString(),
  });
  const cls = await newClass(semester.id, { name: unique('Dawn Patrol') });
  const family = await signUpFamily('opening-e2e');
  const { page, context } = await openPortal(browser);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/classes/enrollment');
  await page.waitForLoadState('networkidle');
  const card = page.getByRole('article', { name: cls.name });
  expect({ shown: await card.count(), beforeTheOpening: Date.now() < opens }).toEqual({
    shown: 0,
    beforeTheOpening: true,
  });
  await card.waitFor({ timeout: opens - Date.now() + 15_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(opens);
  await context.close();
});
