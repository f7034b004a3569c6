// The web app in a real Chromium against the local stack.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, waitForPath } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given a visitor, when they open the site root, then they land on class registration under the portal header', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/');
  await waitForPath(page, '/classes/enrollment');
  await expect(page.getByText('Registration Portal').isVisible()).resolves.toBe(true);
  await context.close();
});
