// The administration screens' end-to-end tests open a screen as the test administrator: the guard sends
// them to sign in and brings them back to it.
import type { Browser } from 'playwright-core';
import { openPortal, type PortalOptions, type PortalPage, signInThroughLogin, waitForPath } from '../support/browser';
import { TEST_ADMIN } from '../support/stack-info';

export async function openAsAdmin(browser: Browser, path: string, viewport: PortalOptions = {}): Promise<PortalPage> {
  const portal = await openPortal(browser, viewport);
  await portal.page.goto(path);
  await waitForPath(portal.page, '/user/login');
  await signInThroughLogin(portal.page, TEST_ADMIN.email, TEST_ADMIN.password);
  await waitForPath(portal.page, new URL(path, 'http://portal').pathname);
  return portal;
}

/** A name no other test (nor an earlier run on the same stack) uses. */
export const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;
