// A signed-in page kept open past its access token's life, on a second portal whose tokens live a few seconds
// (PORTAL_ACCESS_TOKEN_SECONDS, on the test stack's DynamoDB engine, a table of its own): the web app refreshes
// them with GetTokensFromRefreshToken and the page goes on working. When the pool fails the refresh, the app
// tries again once after a pause and never loops; meanwhile the page stays usable, and then the user is sent
// to sign in with the page remembered and told why.
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, waitForPath } from '../support/browser';
import { TEST_ADMIN } from '../support/stack-info';
import { stackEnvironment, startStack, type RunningStack } from '../support/stack-setup';

const TOKEN_SECONDS = 20;
const REFRESH_TARGET = 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken';
const SESSION_ENDED = 'Your session has ended. Sign in again to go back to the page you were on.';

const engine = process.env.DYNAMODB_ENDPOINT!;
const tableName = `short-tokens-${randomUUID().slice(0, 8)}`;
let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({
      PORTAL_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS),
      PORTAL_DYNAMODB_ENDPOINT: engine,
      PORTAL_TABLE_NAME: tableName,
      PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '',
    }),
    launchBrowser(),
  ]);
  // The browser helpers open the second portal from here on.
  Object.assign(process.env, stackEnvironment(stack));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  const engineClient = new DynamoDBClient({ endpoint: engine });
  await engineClient.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  engineClient.destroy();
});

const isRefresh = (request: Request) => request.headers()['x-amz-target'] === REFRESH_TARGET;

/** Signs in at /account/enrollments, which the sign-in returns to; resolves when the session's tokens have expired. */
async function signedInUntilExpiry(page: Page): Promise<void> {
  await page.goto('/account/enrollments');
  await waitForPath(page, '/user/login');
  const signingIn = Date.now();
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await waitForPath(page, '/account/enrollments');
  await page.getByText('No enrollments yet.').waitFor();
  await page.waitForTimeout(Math.max(0, signingIn + (TOKEN_SECONDS + 1) * 1000 - Date.now()));
}

test('a page kept open past the access token’s life refreshes its tokens and goes on working', async () => {
  const { page, context } = await openPortal(browser);
  const refreshes: number[] = [];
  const calls: number[] = [];
  page.on('response', (response) => {
    if (isRefresh(response.request())) refreshes.push(response.status());
    else if (response.url().includes('/api/fn/')) calls.push(response.status());
  });
  await signedInUntilExpiry(page);
  calls.length = 0;
  // The lottery page's own call is awaited: under load, leaving before it answers would leave nothing to check.
  const lotteriesAnswered = page.waitForResponse((response) => response.url().endsWith('/fn/myLotteries'));
  await page.getByRole('link', { name: 'Lottery requests' }).click();
  await waitForPath(page, '/account/lottery');
  await lotteriesAnswered;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Enrollments' }).click();
  await page.getByText('No enrollments yet.').waitFor();
  // The functions the screens called since the token expired answered with the refreshed one.
  expect({ refreshes: [...new Set(refreshes)], calls: [...new Set(calls)] }).toEqual({
    refreshes: [200],
    calls: [200],
  });
  await context.close();
});

test('when the pool fails every refresh, the app tries twice with a pause, the page stays usable meanwhile, then it sends the user to sign in and back to the page', async () => {
  const { page, context } = await openPortal(browser);
  // Each refresh request, by the try it belongs to: Amplify sends a try again itself after a 5xx, under one
  // invocation id.
  const refreshes: Array<{ at: number; attempt: string }> = [];
  let pageUsed!: () => void;
  const used = new Promise<void>((resolve) => (pageUsed = resolve));
  await context.route(
    (url) => url.pathname.startsWith('/_cognito'),
    async (route) => {
      if (!isRefresh(route.request())) return route.continue();
      const attempt = route.request().headers()['amz-sdk-invocation-id'] ?? '';
      refreshes.push({ at: Date.now(), attempt });
      // The app's second try waits until the page has been used after the first failed.
      if (new Set(refreshes.map((refresh) => refresh.attempt)).size === 2) await used;
      return route.fulfill({
        status: 500,
        contentType: 'application/x-amz-json-1.1',
        headers: { 'x-amzn-errortype': 'InternalErrorException' },
        body: JSON.stringify({ __type: 'InternalErrorException', message: 'Internal error' }),
      });
    },
  );
  await signedInUntilExpiry(page);
  await page.getByRole('link', { name: 'Lottery requests' }).click();
  await waitForPath(page, '/account/lottery');
  const tries = () => new Set(refreshes.map((refresh) => refresh.attempt)).size;
  const deadline = Date.now() + 20_000;
  while (tries() < 2 && Date.now() < deadline) await page.waitForTimeout(100);
  // The refresh failed: the header and its menu still work.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  await page.keyboard.press('Escape');
  pageUsed();
  await page.waitForURL((url) => url.pathname === '/user/login', { timeout: 20_000 }).catch(() => undefined);
  // Nothing more is asked of the pool once the session has ended.
  await page.waitForTimeout(3000);
  expect({ tries: tries(), at: new URL(page.url()).pathname }).toEqual({ tries: 2, at: '/user/login' });
  expect(refreshes.length).toBeLessThanOrEqual(6);
  const secondTry = refreshes.findIndex((refresh) => refresh.attempt !== refreshes[0]!.attempt);
  expect(refreshes[secondTry]!.at - refreshes[secondTry - 1]!.at).toBeGreaterThanOrEqual(4000);
  await page.getByText(SESSION_ENDED).waitFor();
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await waitForPath(page, '/account/lottery');
  await context.close();
});
