// The root layout: header at both widths (narrow under 620px), footer and announcement from the remote
// configuration, a phone-sized screen, and what a visitor downloads for class registration.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal } from '../support/browser';
import { data } from '../support/portal';

// Browser flows against the real stack take longer than Jest's default 5 s.

let browser: Browser;
let config: { contactEmail: string; privacyPolicyUrl: string; studentUnitsUrl: string; announcement: string };
beforeAll(async () => {
  browser = await launchBrowser();
  config = (await data<{ values: typeof config }>('config')).values;
});
afterAll(async () => {
  await browser?.close();
});

test('given a wide window (1280px), then the header shows the 50px logo, "Registration Portal" and "Register / Sign In" linking to /user/create', async () => {
  const { page, context } = await openPortal(browser, { width: 1280 });
  await page.goto('/classes/enrollment');
  const header = page.getByRole('banner');
  await header.getByText('Registration Portal', { exact: true }).waitFor();
  expect(
    await header
      .getByRole('img', { name: 'Mountain school logo' })
      .evaluate((img) => img.getBoundingClientRect().height),
  ).toBe(50);
  const userButton = header.getByRole('link', { name: 'Register / Sign In' });
  expect(await userButton.getAttribute('href')).toBe('/user/create');
  expect(await header.getByText('Portal', { exact: true }).count()).toBe(0);
  expect(await header.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
  await context.close();
});

test('given a narrow window (480px), then the header shows the 35px logo, "Portal" and "Account"', async () => {
  const { page, context } = await openPortal(browser, { width: 480 });
  await page.goto('/classes/enrollment');
  const header = page.getByRole('banner');
  await header.getByText('Portal', { exact: true }).waitFor();
  expect(await header.getByText('Registration Portal').count()).toBe(0);
  expect(
    await header
      .getByRole('img', { name: 'Mountain school logo' })
      .evaluate((img) => img.getBoundingClientRect().height),
  ).toBe(35);
  expect(await header.getByRole('link', { name: 'Account', exact: true }).getAttribute('href')).toBe('/user/create');
  await context.close();
});

test('given the breakpoint, then 620px is wide and 619px is narrow', async () => {
  const { page, context } = await openPortal(browser, { width: 620 });
  await page.goto('/classes/enrollment');
  await page.getByRole('banner').getByText('Registration Portal').waitFor();
  await page.setViewportSize({ width: 619, height: 800 });
  await page.getByRole('banner').getByText('Portal', { exact: true }).waitFor();
  await context.close();
});

test('given the remote configuration, then the footer shows the 2025 copyright, the privacy policy and the help line with the contact e-mail', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/classes/enrollment');
  const footer = page.getByRole('contentinfo');
  await footer.getByText('© 2025').waitFor();
  expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(config.privacyPolicyUrl);
  const help = footer.getByRole('link', { name: config.contactEmail });
  expect(await help.getAttribute('href')).toBe(`mailto:${config.contactEmail}`);
  expect(await footer.getByText(/Need help\?/).isVisible()).toBe(true);
  await context.close();
});

test('given an announcement, when the visitor dismisses it, then it is gone and stays gone after a reload', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/classes/enrollment');
  const banner = page.getByRole('region', { name: 'Announcement' });
  await banner.getByText(config.announcement).waitFor();
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await banner.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('contentinfo').getByText('© 2025').waitFor();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).waitFor();
  expect(await page.getByText(config.announcement).count()).toBe(0);
  await context.close();
});

test('given a phone (360px), then the screens fit its width without scrolling sideways', async () => {
  const { page, context } = await openPortal(browser, { width: 360, height: 740 });
  for (const path of [
    '/classes/enrollment',
    '/user/login',
    '/user/create',
    '/user/reset?email=a%40example.com&code=123456',
  ]) {
    await page.goto(path);
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
      path,
      width: 360,
    });
  }
  await context.close();
});

test('given a keyboard user, when they tab from the top of the page, then a skip link takes them to the main content', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/classes/enrollment');
  await page.getByRole('heading', { name: 'Class Registration' }).waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await context.close();
});

test('given a phone scrolled so the announcement lies under the sticky header, when keyboard focus goes back to its Dismiss button, then the page scrolls it out from under the header', async () => {
  const { page, context } = await openPortal(browser, { width: 390, height: 844 });
  await page.goto('/classes/enrollment');
  const dismiss = page
    .getByRole('region', { name: 'Announcement' })
    .getByRole('button', { name: 'Dismiss announcement' });
  await dismiss.waitFor();
  await page.waitForLoadState('networkidle');
  const headerBottom = () => page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
  // Scrolled by 20 px less than the button's bottom below the header: 20 px of it still show under the header.
  const below = (await dismiss.evaluate((button) => button.getBoundingClientRect().bottom)) - (await headerBottom());
  await page.evaluate((y) => window.scrollTo(0, y), below - 20);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Focus on the next element in tab order without scrolling, then Shift+Tab back, as a keyboard user does.
  await dismiss.evaluate((button) => {
    const tabbable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')];
    tabbable[tabbable.indexOf(button as HTMLElement) + 1]!.focus({ preventScroll: true });
  });
  await page.keyboard.press('Shift+Tab');
  expect(await dismiss.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await dismiss.evaluate((button) => button.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
    await headerBottom(),
  );
  await context.close();
});

// Most tests' readers ask for less motion (openPortal); this one checks both kinds of reader.
test.each([
  ['asks for less motion', 'at once', undefined],
  ['asks for nothing', 'with a transition', 'full' as const],
])('given a reader whose system %s, then the buttons change colour %s', async (_, __, motion) => {
  const { page, context } = await openPortal(browser, { motion });
  await page.goto('/classes/enrollment');
  const transitions = await page
    .getByRole('banner')
    .getByRole('link', { name: 'Register / Sign In' })
    .evaluate((link) => getComputedStyle(link).transitionDuration);
  const longest = Math.max(...transitions.split(',').map((duration) => Number.parseFloat(duration)));
  if (motion === 'full') expect(longest).toBeGreaterThanOrEqual(0.1);
  else expect(longest).toBeLessThan(0.001);
  await context.close();
});

// A Spanish reader's start loads the Spanish of the start's parts beside the start chunk's English.
test.each([
  ['English', 'en-US'],
  ['Spanish', 'es-MX'],
])(
  'given a visitor whose browser reads %s, when /classes/enrollment loads, then the JavaScript downloaded is at most 170 KB gzipped',
  async (_, locale) => {
    const { page, context } = await openPortal(browser, { locale });
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        );
    });
    await page.goto('/classes/enrollment', { waitUntil: 'networkidle' });
    const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.log(`${locale}: ${bytes} bytes of JavaScript`);
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThanOrEqual(170_000);
    await context.close();
  },
);
