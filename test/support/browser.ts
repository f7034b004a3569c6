// Playwright driving Debian's Chromium (never a downloaded browser), against the local stack.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { READER_TIME_ZONE } from './programmeTime';
import { portalUrl, secondFactorCode } from './portal';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The tests drive Chromium's headless shell (the same engine without the browser's own interface, as Playwright
 * does by default): the accessibility sweep's browser took a fifth less CPU than in the whole Chromium.
 */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface PortalPage {
  context: BrowserContext;
  page: Page;
  /** Absolute URL of a path on the portal. */
  url(path: string): string;
}

export interface PortalOptions {
  width?: number;
  height?: number;
  locale?: string;
  motion?: 'full';
}

/**
 * A page of the portal in a context of its own. Its reader's system asks for less motion, as a setting of a phone
 * or a computer does, so the portal shows its dialogs, menus and toasts at once and the browser draws no
 * transition; `motion: 'full'` is a reader who asked for nothing, where a test checks what the motion shows.
 */
export async function openPortal(browser: Browser, options: PortalOptions = {}): Promise<PortalPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.locale && { locale: options.locale }),
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
    baseURL: portalUrl(),
    timezoneId: READER_TIME_ZONE,
  });
  const page = await context.newPage();
  return { context, page, url: (path: string) => new URL(path, portalUrl()).href };
}

/**
 * Waits until the page is at `pathname`, whatever its query: screens keep their choices there and may add one
 * as soon as they load (the semester picker adds ?semesterId=), so a whole-URL pattern would race them.
 */
export function waitForPath(page: Page, pathname: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Signs in through the login screen, which then moves on to the remembered path; with the code of the account's
 * authenticator app when the screen asks for it (its second factor is on).
 */
export async function signInThroughLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/user/login')) await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByLabel(SECOND_FACTOR_FIELD);
  const signedIn = page.waitForURL((url) => url.pathname !== '/user/login');
  const asked = await Promise.race([
    signedIn.then(() => false),
    code.waitFor().then(
      () => true,
      () => false,
    ),
  ]);
  if (asked) {
    await code.fill(secondFactorCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await signedIn;
}

/** The login screen's field for an authenticator app's code. */
export const SECOND_FACTOR_FIELD = 'Code from your authenticator app';

/** The toast (an alert in notistack's area) holding the text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.notistack-SnackbarContainer').getByRole('alert').filter({ hasText: text });
}

/** The URLs of the requests the page makes from now on whose URL contains `part`. */
export function requestsTo(page: Page, part: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(part)) urls.push(request.url());
  });
  return urls;
}
