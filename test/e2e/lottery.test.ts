// A family's lottery requests in Chromium: on Lottery requests, the page says how the draw works, when it
// happens and when the family hears, and shows the commitment to the draw's seed (its SHA-256) before requests
// close; the family keeps its two children together and enters ranked choices for each; once requests closed and
// the draw ran, the page says requests are closed and shows the choices. Checked by axe on a phone. The
// administrator reads the draw's preview and the commitment on Allocation and Lottery, changes the seed with a
// reason after a confirmation, runs the draw again with the new seed and publishes it after a confirmation; the
// family then sees each child's result, the seed whose SHA-256 is the last commitment, the change and its reason,
// and gets the e-mail.
// A lottery request asks for what enrolling asks for: a family whose child has not accepted the semester's
// required policy is shown the policy on Lottery requests when it saves the child's choices, accepts it there
// (checked by axe) and the choices are saved by themselves. A child the draw placed but its publication left
// unplaced (a grade changed meanwhile) shows why, to the family beside "Not placed" and to the administrator.
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { pageMoment, programmeMoment } from '../support/programmeTime';
import type { FamilyLottery } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { data, signUpFamily, waitForMail } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';
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

test('given a lottery taking requests, a family keeps its two children together and ranks two classes for each; once the draw ran the page says requests closed', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester({ name: unique('Lottery semester') });
  const [nordic, climbing] = [
    await newClass(semester.id, { name: unique('Nordic Loop'), capacity: 2 }),
    await newClass(semester.id, { name: unique('Crag Basics'), capacity: 2 }),
  ];
  const lottery = {
    requestsOpen: at(-HOUR),
    requestsClose: at(24 * HOUR),
    resultsBy: at(48 * HOUR),
    seatsOpen: at(72 * HOUR),
    choices: 2,
    weighted: false,
  };
  const settings = { semesterId: semester.id, lottery, priorityWindows: [] };
  await data('saveAllocationSettings', settings, admin);
  const family = await signUpFamily('lottery-e2e');
  await addStudent(family, { firstName: 'Ava', lastName: 'Moraine' });
  await addStudent(family, { firstName: 'Ben', lastName: 'Moraine' });

  const { page, context } = await openPortal(browser, PHONE);
  const reported: string[] = [];
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/classes/enrollment');
  // Class Registration says the lottery is on, until when requests are taken, and links to them.
  await page
    .getByRole('navigation', { name: 'Registration' })
    .getByRole('link', { name: 'Lottery requests' })
    .waitFor();
  const notice = page.getByRole('alert').filter({ hasText: `${semester.name}'s seats are given by a lottery draw` });
  await notice
    .getByText(`by ${pageMoment(lottery.requestsClose)}. Being early gains nothing`, { exact: false })
    .waitFor();
  reported.push(...(await violations(page, 'family, class registration during a lottery')));
  await notice.getByRole('link', { name: 'Lottery requests' }).click();
  const section = page.getByRole('region', { name: `${semester.name}: lottery` });
  await section.getByText(`You will hear by e-mail by ${pageMoment(lottery.resultsBy)}.`).waitFor();
  await section.getByText(/^When requests close, the draw puts every request in a random order/).waitFor();
  // The commitment to the seed, before requests close, and what it proves.
  const committed = (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken)).lotteries.find(
    (each) => each.semester.id === semester.id,
  )!.commitments;
  expect(committed).toHaveLength(1);
  await section.getByText(committed[0]!.hash, { exact: true }).waitFor();
  await section.getByText(/^The draw's seed was chosen on .+, and is kept secret until the results\./).waitFor();

  await section.getByRole('checkbox', { name: /^Keep my children together/ }).check();
  for (const child of ['Ava', 'Ben']) {
    const request = section.getByRole('group', { name: `${child} Moraine` });
    await request.getByRole('combobox', { name: 'Choice 1' }).click();
    await page.getByRole('option', { name: nordic.name }).click();
    await request.getByRole('combobox', { name: 'Choice 2 (optional)' }).click();
    await page.getByRole('option', { name: climbing.name }).click();
    await request.getByRole('button', { name: `Save ${child}'s choices` }).click();
    await toast(page, `${child}'s choices are saved.`).waitFor();
  }
  reported.push(...(await violations(page, 'family, lottery requests')));

  const mine = (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken)).lotteries.find(
    (each) => each.semester.id === semester.id,
  )!;
  expect(mine.requests.map(({ choices, keepTogether }) => ({ choices, keepTogether }))).toEqual(
    Array.from({ length: 2 }, () => ({
      choices: [
        { kind: 'class', id: nordic.id },
        { kind: 'class', id: climbing.id },
      ],
      keepTogether: true,
    })),
  );

  // Requests close and the draw runs: the page says so and shows what was asked.
  const closed = { ...lottery, requestsClose: at(-60_000) };
  await data('saveAllocationSettings', { ...settings, lottery: closed }, admin);
  await data('runLotteryDraw', { semesterId: semester.id }, admin);
  await page.reload();
  await section
    .getByText(`Requests for ${semester.name} closed on ${programmeMoment(closed.requestsClose)}.`)
    .waitFor();
  await section
    .getByRole('group', { name: 'Ava Moraine' })
    .getByText(`Choices: 1. ${nordic.name}, 2. ${climbing.name}`)
    .waitFor();
  reported.push(...(await violations(page, 'family, lottery requests closed')));

  // The administrator reads the preview and the commitment, changes the seed (a reason is required) and runs the
  // draw again, with the new seed.
  const { draw } = await data<{ draw: { seed: string; ranAt: string } }>(
    'lotteryDraw',
    { semesterId: semester.id },
    admin,
  );
  const office = await openAsAdmin(browser, `/admin/lottery?semesterId=${semester.id}`);
  const drawn = office.page.getByRole('region', { name: 'The draw' });
  await drawn.getByText(`Preview, not published: draw 1 run on ${pageMoment(draw.ranAt)}, seed`).waitFor();
  await drawn.getByText('2 children asked.', { exact: false }).waitFor();
  await drawn.getByText('1 set of siblings kept together.', { exact: false }).waitFor();
  await drawn.getByText(committed[0]!.hash, { exact: true }).waitFor();
  reported.push(...(await violations(office.page, 'admin, allocation and lottery')));
  await drawn.getByRole('button', { name: 'Change the seed…' }).click();
  const change = office.page.getByRole('dialog', { name: 'Change the seed?' });
  const changeButton = change.getByRole('button', { name: 'Change the seed', exact: true });
  expect(await changeButton.isDisabled()).toBe(true);
  const reason = 'The capacity of Nordic Loop was wrong.';
  await change.getByRole('textbox', { name: /^Why, for the families/ }).fill(reason);
  reported.push(...(await violations(office.page, 'admin, change the seed')));
  await changeButton.click();
  await toast(office.page, 'Families see the new commitment and why.').waitFor();
  await drawn.getByText(/^This preview was drawn with a seed that has been changed since/).waitFor();
  expect(await drawn.getByRole('button', { name: 'Publish…' }).count()).toBe(0);
  await drawn.getByRole('list', { name: 'Changes of the seed' }).getByText(reason, { exact: false }).waitFor();
  await drawn.getByRole('button', { name: 'Run again with the same seed' }).click();
  await office.page
    .getByRole('dialog', { name: 'Run the draw again?' })
    .getByRole('button', { name: 'Run again' })
    .click();
  const current = drawn.getByText('Preview, not published: draw 2 run on', { exact: false });
  await current.waitFor();
  expect(await current.innerText()).not.toContain(draw.seed);
  // Both runs are listed, the first with its seed.
  const runs = drawn.getByRole('list', { name: 'Draws run' }).getByRole('listitem');
  expect(await runs.count()).toBe(2);
  expect(await runs.nth(1).innerText()).toContain(draw.seed);

  // The administrator publishes after a confirmation: the page says when and by whom, and runs no more.
  await drawn.getByRole('button', { name: 'Publish…' }).click();
  const confirm = office.page.getByRole('dialog', { name: 'Publish this draw?' });
  await confirm.getByText(/This cannot be undone/).waitFor();
  reported.push(...(await violations(office.page, 'admin, publish the draw')));
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await toast(office.page, 'The enrollments are written and families e-mailed.').waitFor();
  // By the administrator's e-mail, not the account's id.
  await drawn.getByText(new RegExp(`^Published on .+ by ${TEST_ADMIN.email}: draw 2 run on`)).waitFor();
  expect(await drawn.getByRole('button', { name: /^(Run again|Publish)/ }).count()).toBe(0);
  await office.context.close();

  // The family sees its children seated together in their first choice, the seed whose SHA-256 is the last
  // commitment, and the change of seed with its reason; the e-mail says where the children are.
  await page.reload();
  for (const child of ['Ava', 'Ben'])
    await section
      .getByRole('group', { name: `${child} Moraine` })
      .getByText(`Seated: ${nordic.name} (choice 1)`)
      .waitFor();
  const published = (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken)).lotteries.find(
    (each) => each.semester.id === semester.id,
  )!;
  expect(published.commitments).toHaveLength(2);
  const last = published.commitments[1]!.hash;
  expect(createHash('sha256').update(published.draw!.seed).digest('hex')).toBe(last);
  await section.getByText(published.draw!.seed, { exact: true }).waitFor();
  await section.getByText(/^The draw's seed was chosen on .+, and its SHA-256 shown here before the draw:/).waitFor();
  await section.getByText('The seed was changed 1 time (2 commitments), each with its reason:').waitFor();
  await section.getByRole('list', { name: 'Changes of the seed' }).getByText(reason, { exact: false }).waitFor();
  // The published seed (32 digits, no space) wraps on a phone rather than making its box scroll sideways.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  reported.push(...(await violations(page, 'family, lottery results on a phone')));
  const mail = await waitForMail(family.email, `Lottery results for ${semester.name}`);
  for (const child of ['Ava', 'Ben'])
    expect(mail.text).toMatch(new RegExp(`${child}\\W*: a seat in ${nordic.name} \\(first choice\\)`));
  await context.close();
  expectNone(reported);
});

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
