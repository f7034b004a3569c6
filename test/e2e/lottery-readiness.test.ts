// A lottery request asks for what enrolling asks for, in Chromium on a phone: a family whose child has not
// accepted the semester's required policy is shown the policy on Lottery requests when it saves the child's
// choices, accepts it there (checked by axe) and the choices are saved by themselves. A child the draw placed
// but its publication left unplaced (a grade changed meanwhile) shows why, to the family beside "Not placed"
// and to the administrator on Allocation and Lottery.
import type { Browser } from 'playwright-core';
import type { FamilyLottery } from '../../lambdas/records';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
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

test('given a required policy not accepted, a family accepts it on Lottery requests and the choices are saved; a child left unplaced at publication shows why, to the family and the administrator', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester({ name: unique('Readiness semester') });
  const scree = await newClass(semester.id, { name: unique('Scree Skills'), capacity: 5, minGrade: 2, maxGrade: 4 });
  const lottery = {
    requestsOpen: at(-HOUR),
    requestsClose: at(24 * HOUR),
    resultsBy: at(48 * HOUR),
    seatsOpen: at(72 * HOUR),
    choices: 1,
    weighted: false,
  };
  const settings = { semesterId: semester.id, lottery, priorityWindows: [] };
  await data('saveAllocationSettings', settings, admin);
  const title = unique('Lottery waiver');
  await data('savePolicy', { title, text: 'We ski at our own risk.', required: true, semesterId: semester.id }, admin);
  const family = await signUpFamily('lottery-readiness');
  const ben = await addStudent(family, { firstName: 'Ben', lastName: 'Scree', grade: 3 });

  const reported: string[] = [];
  const { page, context } = await openPortal(browser, PHONE);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/account/lottery');
  const request = page
    .getByRole('region', { name: `${semester.name}: lottery` })
    .getByRole('group', { name: 'Ben Scree' });
  await request.getByRole('combobox', { name: 'Choice 1' }).click();
  await page.getByRole('option', { name: scree.name }).click();
  await request.getByRole('button', { name: "Save Ben's choices" }).click();

  // The refusal asks for the policy: it is read and accepted here, and the choices are saved without asking again.
  await request
    .getByRole('region', { name: `${title}, version 1` })
    .getByText('We ski at our own risk.')
    .waitFor();
  const accept = request.getByRole('button', { name: "Accept and save Ben's choices" });
  expect(await accept.isDisabled()).toBe(true);
  reported.push(...(await violations(page, 'family, lottery request: policies to accept')));
  await request.getByRole('checkbox', { name: `I have read and accept the ${title}` }).check();
  await accept.click();
  await toast(page, "Ben's choices are saved.").waitFor();
  const mine = async () =>
    (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken)).lotteries.find(
      (each) => each.semester.id === semester.id,
    )!;
  expect((await mine()).requests.map(({ studentId, choices }) => ({ studentId, choices }))).toEqual([
    { studentId: ben.id, choices: [{ kind: 'class', id: scree.id }] },
  ]);

  // The draw seats Ben; his grade changes before its publication, which leaves him unplaced with the reason.
  await data('saveAllocationSettings', { ...settings, lottery: { ...lottery, requestsClose: at(-60_000) } }, admin);
  const { draw } = await data<{ draw: { drawId: string } }>('runLotteryDraw', { semesterId: semester.id }, admin);
  await data('saveStudent', { ...ben, grade: 9 }, family.accessToken);
  await data('publishLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin);
  const reason = `${scree.name} is for grades 2–4, and Ben is in grade 9.`;
  expect((await mine()).requests[0]!.result).toEqual({ outcome: 'unplaced', reason });
  await page.reload();
  await request.getByText(`Not placed: ${reason}`).waitFor();
  reported.push(...(await violations(page, 'family, lottery result not placed')));
  await context.close();

  const office = await openAsAdmin(browser, `/admin/lottery?semesterId=${semester.id}`);
  await office.page
    .getByRole('region', { name: 'The draw' })
    .getByRole('list', { name: 'Children left unplaced at publication' })
    .getByText(`Ben: ${reason}`, { exact: false })
    .waitFor();
  await office.context.close();
  expectNone(reported);
});
