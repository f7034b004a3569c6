// The login screen in both modes (sign in, create account): texts, links, method choice, validation with no
// call made, the request states, the success and failure toasts and the reset suggestion.
import type { Browser, Locator, Page } from 'playwright-core';
import { TEST_ADMIN } from '../support/stack-info';
import { launchBrowser, openPortal, requestsTo, signInThroughLogin, toast, waitForPath } from '../support/browser';
import { portalUrl, signUpCode, signUpFamily } from '../support/portal';

// Browser flows against the real stack take longer than Jest's default 5 s.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const email = (page: Page) => page.getByLabel('Email');
const password = (page: Page) => page.getByLabel('Password');
const WRONG_PASSWORD = /^Failed to log in: (NotAuthorizedException|InvalidPasswordException)$/;
const RESET_SUGGESTION = 'Forgot your password? Send a password reset email.';

test('given sign-in mode, then the card reads "Sign In", offers "First time? Create an account." and the form with its hints', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'First time? Create an account.' }).getAttribute('href')).toBe(
    '/user/create',
  );
  expect(await email(page).getAttribute('placeholder')).toBe(`example@${new URL(portalUrl()).hostname}`);
  expect(await password(page).getAttribute('autocomplete')).toBe('current-password');
  expect(await page.getByRole('button', { name: 'Sign In' }).getAttribute('type')).toBe('submit');
  expect(await page.getByRole('button', { name: 'Create With Email' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Pick different account type' }).count()).toBe(0);
  await context.close();
});

test('given creation mode, then "Create With Email" comes first, reveals the form, and "Pick different account type" clears it and goes back', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/user/create');
  await page.getByRole('heading', { name: 'Create Account', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'Already have an account? Sign in.' }).getAttribute('href')).toBe(
    '/user/login',
  );
  expect(await email(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Create With Email' }).click();
  expect(await password(page).getAttribute('autocomplete')).toBe('new-password');
  expect(await email(page).getAttribute('placeholder')).toBe(`example@${new URL(portalUrl()).hostname}`);
  expect(await page.getByRole('button', { name: 'Create Account' }).getAttribute('type')).toBe('submit');
  await email(page).fill('someone@example.com');
  await password(page).fill('Something-1');
  await page.getByRole('button', { name: 'Pick different account type' }).click();
  await email(page).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Create With Email' }).click();
  expect(await email(page).inputValue()).toBe('');
  expect(await password(page).inputValue()).toBe('');
  await context.close();
});

test('given the mode links, then they move between sign-in and creation', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'First time? Create an account.' }).click();
  await waitForPath(page, '/user/create');
  await page.getByRole('heading', { name: 'Create Account', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Already have an account? Sign in.' }).click();
  await waitForPath(page, '/user/login');
  await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
  await context.close();
});

test('given empty fields, when the form is submitted, then the messages appear under the fields and no call is made', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await email(page).waitFor();
  expect(await page.getByText('Email is required').count()).toBe(0);
  expect(await page.getByText('Password is required').count()).toBe(0);
  const calls = requestsTo(page, '/_cognito');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Email is required', { exact: true }).waitFor();
  await page.getByText('Password is required', { exact: true }).waitFor();
  expect(await email(page).getAttribute('aria-invalid')).toBe('true');
  expect(await email(page).getAttribute('aria-describedby')).toBeTruthy();

  await email(page).fill('someone@example.com');
  await password(page).press('Enter');
  await page.getByText('Email is required').waitFor({ state: 'detached' });
  await page.getByText('Password is required', { exact: true }).waitFor();
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);
  await context.close();
});

test('given creation mode, when the fields are empty or the password short, then it says so and makes no call', async () => {
  const { page, context } = await openPortal(browser);
  await page.goto('/user/create');
  await page.getByRole('button', { name: 'Create With Email' }).click();
  const calls = requestsTo(page, '/_cognito');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Email is required', { exact: true }).waitFor();
  await page.getByText('Password is required', { exact: true }).waitFor();
  await email(page).fill('claire@gmail');
  await password(page).fill('short');
  await password(page).press('Enter');
  await page.getByText('Enter the whole e-mail address, like name@example.com', { exact: true }).waitFor();
  await page
    .getByText('Password needs at least 8 characters, an upper case letter, a digit and a symbol such as - or !', {
      exact: true,
    })
    .waitFor();
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);
  await context.close();
});

test('given a sign-in in flight, then the submit button is disabled and shows progress until the answer comes', async () => {
  const family = await signUpFamily('pending');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_cognito/**', async (route) => {
    await released;
    await route.continue();
  });
  await email(page).fill(family.email);
  await password(page).fill(family.password);
  await password(page).press('Enter');
  const submit = page.getByRole('button', { name: 'Sign In' });
  await submit.getByRole('progressbar').waitFor();
  expect(await submit.isDisabled()).toBe(true);
  release();
  await toast(page, 'Logged in!').waitFor();
  await waitForPath(page, '/classes/enrollment');
  await context.close();
});

test('given the right password, when Enter is pressed in the password field, then a "Success" / "Logged in!" toast shows and the user is signed in', async () => {
  const family = await signUpFamily('enter');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await email(page).fill(family.email);
  await password(page).fill(family.password);
  await password(page).press('Enter');
  const success = toast(page, 'Logged in!');
  await success.waitFor();
  expect(await success.getByText('Success', { exact: true }).isVisible()).toBe(true);
  // A menu opened while the toast shows lies above it, never under it.
  const layer = (element: Locator) =>
    element.evaluate((node) =>
      Number(getComputedStyle(node.closest('.notistack-SnackbarContainer, .MuiModal-root')!).zIndex),
    );
  const toastLayer = await layer(success);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const manage = page.getByRole('menuitem', { name: 'Manage Account' });
  expect(await layer(manage)).toBeGreaterThan(toastLayer);
  // The menu grows in: where it ends up is what counts.
  await manage.evaluate((node) =>
    Promise.all(
      node
        .closest('.MuiPaper-root')!
        .getAnimations()
        .map((animation) => animation.finished),
    ),
  );
  expect(await isOnTop(manage)).toBe(true);
  await context.close();
});

/** Whether the element is what a click at its middle would reach: nothing (a toast) lies over it. */
async function isOnTop(element: Locator): Promise<boolean> {
  const box = (await element.boundingBox())!;
  return element.evaluate((node, point) => node.contains(document.elementFromPoint(point.x, point.y)), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
}

test("given a wrong password, then the toast names the provider's code, and the reset suggestion shows only while an email is entered", async () => {
  const family = await signUpFamily('wrong');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await email(page).fill(family.email);
  await password(page).fill('not-the-password');
  expect(await page.getByText(RESET_SUGGESTION).count()).toBe(0);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await toast(page, WRONG_PASSWORD).waitFor();
  await page.getByRole('button', { name: RESET_SUGGESTION }).waitFor();
  // Also said in the form, in plain words, until a field changes.
  await page
    .getByRole('note')
    .getByText(/^The e-mail or the password is not right/)
    .waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/login');
  await email(page).fill('');
  await page.getByText(RESET_SUGGESTION).waitFor({ state: 'detached' });
  await email(page).fill(family.email);
  await page.getByRole('button', { name: RESET_SUGGESTION }).click();
  await toast(page, 'Sent reset email!').waitFor();
  await context.close();
});

test("given ten wrong passwords in a row (a brute force), then each is answered with the provider's code in a toast, the screen stays usable, and the right password still signs in", async () => {
  const family = await signUpFamily('brute');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/login');
  await email(page).fill(family.email);
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await password(page).fill(`wrong-guess-${attempt}`);
    const answer = page.waitForResponse(
      (response) =>
        response.url().includes('/_cognito') &&
        (response.request().postData() ?? '').includes(`wrong-guess-${attempt}`),
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await answer).status()).toBe(400);
    await toast(page, WRONG_PASSWORD).first().waitFor();
  }
  expect(new URL(page.url()).pathname).toBe('/user/login');
  await password(page).fill(family.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await toast(page, 'Logged in!').waitFor();
  await page.waitForURL((url) => url.pathname !== '/user/login');
  await context.close();
});

test('given a failed account creation, then the toast names the code and no reset suggestion shows in creation mode', async () => {
  const family = await signUpFamily('taken');
  const { page, context } = await openPortal(browser);
  await page.goto('/user/create');
  await page.getByRole('button', { name: 'Create With Email' }).click();
  await email(page).fill(family.email);
  await password(page).fill('Another-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await toast(page, 'Failed to create account: UsernameExistsException').waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByText(RESET_SUGGESTION).count()).toBe(0);
  // The form says what to do: sign in with the address instead, which keeps what was typed.
  const said = page.getByRole('note');
  await said.getByText('An account with this e-mail already exists. Sign in with it, or reset its password.').waitFor();
  await said.getByRole('link', { name: 'Sign in' }).click();
  await waitForPath(page, '/user/login');
  expect(await email(page).inputValue()).toBe(family.email);
  await context.close();
});

test('given a new e-mail, when the account is created and the e-mailed code entered, then a "Success" / "Created account!" toast shows and the new account is signed in', async () => {
  const { page, context } = await openPortal(browser);
  const address = `created-${Date.now()}@example.com`;
  await page.goto('/user/create');
  await page.getByRole('button', { name: 'Create With Email' }).click();
  await email(page).fill(address);
  await password(page).fill('Mountain-New-1');
  await password(page).press('Enter');
  await page.getByText(`We sent a 6-digit code to ${address}. Enter it to confirm your e-mail address.`).waitFor();
  expect(await page.getByLabel('Code').getAttribute('autocomplete')).toBe('one-time-code');
  await page.getByLabel('Code').fill(await signUpCode(address));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const success = toast(page, 'Created account!');
  await success.waitFor();
  expect(await success.getByText('Success', { exact: true }).isVisible()).toBe(true);
  await waitForPath(page, '/classes/enrollment');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: `${address.slice(0, 15)}…` }).waitFor();
  await context.close();
});

test('given a toast, then it sits at the top right just under the header, 25rem wide, closes by its button, and otherwise lasts 3000 ms', async () => {
  const { page, context } = await openPortal(browser, { width: 1280 });
  await page.goto('/user/login');
  await email(page).fill(`nobody-${Date.now()}@example.com`);
  await password(page).fill('whatever-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const first = toast(page, /^Failed to log in: /);
  await first.waitFor();
  const shownAt = Date.now();
  await page.waitForTimeout(1000); // it slides in from the right
  const box = (await first.boundingBox())!;
  expect(box.width).toBeCloseTo(400, 0);
  expect(1280 - (box.x + box.width)).toBeGreaterThanOrEqual(0);
  expect(1280 - (box.x + box.width)).toBeLessThanOrEqual(32);
  // Under the header, not over its Menu and user buttons.
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeLessThanOrEqual(header.y + header.height + 32);
  await page.waitForTimeout(1000);
  expect(await first.isVisible()).toBe(true);
  await first.waitFor({ state: 'detached', timeout: 5000 });
  const lasted = Date.now() - shownAt;
  expect(lasted).toBeGreaterThanOrEqual(2800);
  expect(lasted).toBeLessThanOrEqual(4500);

  await page.getByRole('button', { name: 'Sign In' }).click();
  const second = toast(page, /^Failed to log in: /);
  await second.waitFor();
  await second.getByRole('button', { name: 'Close' }).click();
  await second.waitFor({ state: 'detached', timeout: 1000 });
  await context.close();
});

test('given a phone (360px), then a toast shows at the bottom inside the screen, and the admin sidebar opened meanwhile lies over it', async () => {
  const { page, context } = await openPortal(browser, { width: 360, height: 740 });
  await page.goto('/user/login');
  await signInThroughLogin(page, TEST_ADMIN.email, TEST_ADMIN.password);
  const success = toast(page, 'Logged in!');
  await success.waitFor();
  await page.waitForTimeout(1000); // it slides in
  const box = (await success.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.y + box.height).toBeGreaterThan(740 - 40);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const sidebar = page.getByRole('navigation', { name: 'Site menu' });
  await sidebar.waitFor();
  await page.waitForTimeout(400); // it slides in
  const under = await sidebar.evaluate(
    (node, point) => node.closest('.MuiDrawer-paper')!.contains(document.elementFromPoint(point.x, point.y)),
    { x: 360 - 20, y: box.y + box.height / 2 },
  );
  expect(under).toBe(true);
  await context.close();
});

test.each([
  [1280, 600],
  [480, 448],
])('given a %ipx window, then the login card is %ipx wide: 100% of the page up to 600px', async (width, cardWidth) => {
  const { page, context } = await openPortal(browser, { width });
  await page.goto('/user/login');
  const card = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Sign In', level: 1 }) });
  const measured = await card.evaluate((element) => ({
    card: element.getBoundingClientRect().width,
    available:
      element.parentElement!.clientWidth -
      parseFloat(getComputedStyle(element.parentElement!).paddingLeft) -
      parseFloat(getComputedStyle(element.parentElement!).paddingRight),
  }));
  expect(measured.card).toBe(cardWidth);
  expect(measured.card).toBe(Math.min(600, measured.available));
  await context.close();
});
