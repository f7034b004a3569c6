// The class day as an installable web app, in Chromium on a phone window: an instructor opens a roster once with
// signal, and the service worker (vite-plugin-pwa's, registered by the instructor pages) takes control of the page;
// without signal, hours later (its session's access token expired), the roster page reloads and the class day opens
// again, from the phone, with the marks waiting, and
// the worker keeps the build and /config.json, nothing of the API; with signal again the mark reaches the portal
// once. A family's page registers no worker and links no manifest.
import type { Browser } from 'playwright-core';
import type { ChildAttendance } from '../../lambdas/contract/classDay';
import { launchBrowser, openPortal, signInThroughLogin, waitForPath } from '../support/browser';
import { data } from '../support/portal';
import { classDayFixture } from './classDayFixture';
import { PHONE } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The caches of the page's origin: each cache's name and the paths it holds. */
const cachesOf = () =>
  (async () =>
    Object.fromEntries(
      await Promise.all(
        (await caches.keys()).map(async (name) => [
          name,
          (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
        ]),
      ),
    ))() as Promise<Record<string, string[]>>;

test('a roster opened once with signal reloads without, from the phone, with its marks waiting; the worker keeps no API answer', async () => {
  const {
    admin,
    cls,
    student: ben,
    instructor,
  } = await classDayFixture('Snowshoeing', { firstName: 'Ben', lastName: 'Talus', allergies: 'Bee stings: EpiPen' });
  await data('acceptInstructorInvitation', {}, instructor.accessToken);

  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/instructor');
  await waitForPath(page, '/user/login');
  await signInThroughLogin(page, instructor.email, instructor.password);
  await waitForPath(page, '/instructor');
  const todays = page.getByRole('region', { name: 'Today' });
  await todays.getByRole('link', { name: new RegExp(cls.name) }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/instructor/class/${cls.id}/`));
  const rosterPath = new URL(page.url()).pathname;
  expect(rosterPath).toMatch(new RegExp(`^/instructor/class/${cls.id}/\\d{4}-\\d{2}-\\d{2}$`));
  const card = page.getByRole('article', { name: 'Ben Talus' });
  await card.getByText('Bee stings: EpiPen').waitFor();

  // The worker, registered by the class day, controls the page; it and the manifest are revalidated on every visit.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()).toMatchObject({
    'cache-control': 'no-cache',
    'content-type': expect.stringMatching(/^text\/javascript/),
  });
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestResponse = await page.request.get(manifestUrl!);
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as Record<string, string>;
  expect(manifest).toMatchObject({ start_url: '/instructor', scope: '/instructor', display: 'standalone' });
  // The theme colour is the header's, the MUI theme's primary.
  const headerColour = await page
    .locator('header')
    .first()
    .evaluate((header) => getComputedStyle(header).backgroundColor);
  const [red, green, blue] = manifest.theme_color!.match(/[0-9a-f]{2}/gi)!.map((hex) => Number.parseInt(hex, 16));
  expect(headerColour).toBe(`rgb(${red}, ${green}, ${blue})`);

  // No signal: a mark waits on the phone, and the page reloads from the phone with the roster and the mark waiting.
  await context.setOffline(true);
  await card.getByRole('button', { name: 'Present Ben' }).click();
  const status = page.getByRole('status').filter({ hasText: 'waiting to be sent' });
  await status.getByText(/^1 mark waiting to be sent\. No signal/).waitFor();
  // Hours later, still without signal: the access token has expired (it lasts 15 minutes) and cannot be refreshed,
  // yet the session holds and the class day opens from the phone.
  await page.clock.install();
  await page.clock.fastForward('02:00:00');
  await page.reload();
  await card.getByText('Bee stings: EpiPen').waitFor();
  await page.getByText('No signal: shown as this phone kept it when it last had signal.').waitFor();
  await status.getByText(/^1 mark waiting to be sent\. No signal/).waitFor();
  expect(new URL(page.url()).pathname).toBe(rosterPath);

  // The class day opened without signal, as from the home screen.
  await page.goto('/instructor');
  await todays.getByRole('link', { name: new RegExp(cls.name) }).waitFor();
  await status.getByText(/^1 mark waiting to be sent\. No signal/).waitFor();

  // What the worker keeps: the build and /config.json, nothing of the API (the roster is the app's own copy).
  const kept = await page.evaluate(cachesOf);
  expect(Object.keys(kept).sort()).toEqual(['runtime-config', expect.stringMatching(/^workbox-precache-/)]);
  expect(kept['runtime-config']).toEqual(['/config.json']);
  const precached = Object.entries(kept).find(([name]) => name.startsWith('workbox-precache-'))![1];
  expect(precached).toEqual(expect.arrayContaining(['/index.html', '/class-day.webmanifest']));
  expect(precached.filter((path) => path.startsWith('/api/') || path.endsWith('.map'))).toEqual([]);

  // Signal again: the mark reaches the portal once.
  await context.setOffline(false);
  await page.getByText('Every mark made here is sent.').waitFor();
  const date = rosterPath.split('/').at(-1)!;
  const meeting = await data<{ children: ChildAttendance[] }>('meetingAttendance', { classId: cls.id, date }, admin);
  expect(meeting.children.find((child) => child.studentId === ben.id)!.events.map((event) => event.kind)).toEqual([
    'present',
  ]);
  await context.close();
});

test('a family page registers no service worker and links no manifest', async () => {
  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/classes/enrollment');
  await page.getByRole('heading', { name: 'Class Registration' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
  await context.close();
});
