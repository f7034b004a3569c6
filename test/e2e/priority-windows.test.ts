// Class Registration before a semester opens for everyone, in Chromium on a phone (checked by axe): a visitor is
// told to sign in to see whether they may enroll before then; a family outside the priority window sees when it may and no
// Enroll button; a family of the window sees Enroll.
import type { Browser, Page } from 'playwright-core';
import { pageMoment, programmeMoment } from '../support/programmeTime';
import { launchBrowser, openPortal, signInThroughLogin } from '../support/browser';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { data } from '../support/portal';
import { unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

test('given a priority window open before registration, each reader sees before pressing anything whether they may enroll', async () => {
  const opens = at(48 * HOUR);
  const semester = await openSemester({
    name: unique('Priority semester'),
    registrationOpens: opens,
    registrationCloses: at(480 * HOUR),
  });
  const cls = await newClass(semester.id, { name: unique('Ridge Traverse') });
  const [member, other] = await Promise.all([
    familyWithStudents(1, 'priority-member'),
    familyWithStudents(1, 'priority-other'),
  ]);
  await data(
    'saveAllocationSettings',
    {
      semesterId: semester.id,
      priorityWindows: [{ name: 'Returning families', opens: at(-HOUR), emails: [member.family.email] }],
    },
    (await adminSession()).accessToken,
  );
  const reported: string[] = [];
  const section = (page: Page) => page.getByRole('region', { name: semester.name });
  const enroll = (page: Page) => section(page).getByRole('button', { name: `Enroll in ${cls.name}` });

  const { page, context } = await openPortal(browser, PHONE);
  await page.goto('/classes/enrollment');
  await section(page)
    .getByText(
      `Registration for ${semester.name} opens for everyone on ${pageMoment(opens)}. Sign in to see whether you may enroll before then.`,
    )
    .waitFor();
  reported.push(...(await violations(page, 'visitor, class registration before it opens for everyone')));

  await signInThroughLogin(page, other.family.email, other.family.password);
  await page.goto('/classes/enrollment');
  await section(page)
    .getByText(
      `Registration for ${semester.name} opens on ${programmeMoment(opens)}. The classes are shown here until then.`,
    )
    .waitFor();
  await section(page).getByRole('article', { name: cls.name }).waitFor();
  expect(await enroll(page).count()).toBe(0);
  reported.push(...(await violations(page, 'family outside the priority window, class registration')));
  await context.close();

  const second = await openPortal(browser, PHONE);
  await signInThroughLogin(second.page, member.family.email, member.family.password);
  await second.page.goto('/classes/enrollment');
  await enroll(second.page).waitFor();
  expect(await section(second.page).getByText('The classes are shown here until then.', { exact: false }).count()).toBe(
    0,
  );
  await second.context.close();
  expectNone(reported);
});
