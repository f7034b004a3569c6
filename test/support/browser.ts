// Playwright driving Debian's Chromium (never a downloaded browser), against the local stack.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { portalUrl } from './portal';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface PortalPage {
  context: BrowserContext;
  page: Page;
  /** Absolute URL of a path on the portal. */
  url(path: string): string;
}

export async function openPortal(browser: Browser, options: { width?: number; height?: number } = {}): Promise<PortalPage> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, baseURL: portalUrl() });
  const page = await context.newPage();
  return { context, page, url: (path: string) => new URL(path, portalUrl()).href };
}
