// Questions per class in Chromium: an administrator adds a required choice question on the class's edit
// page; a family on a phone answers it in the enroll dialog (enrolling without an answer is refused, on the
// screen and by the server), changes the answer on its Enrollments page, and the administrator sees it on
// the roster. The dialogs are checked by axe.
import type { Browser } from 'playwright-core';
import { launchBrowser, openPortal, signInThroughLogin, toast } from '../support/browser';
import { addStudent, newClass, openSemester } from '../support/fixtures';
import { call, signUpFamily } from '../support/portal';
import { openAsAdmin, unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('given a class asking the skill level, a family answers it when enrolling (not without), changes it before the class starts, and the administrator sees it on the roster', async () => {
  const semester = await openSemester({ name: unique('Questions semester') });
  const cls = await newClass(semester.id, { name: unique('Powder Basics'), capacity: 5 });
  const family = await signUpFamily('questions');
  const ben = await addStudent(family, { firstName: 'Ben', lastName: 'Cornice' });
  const reported: string[] = [];

  const admin = await openAsAdmin(browser, `/admin/classes/management/class/${cls.id}`);
  const questions = admin.page.getByRole('region', { name: 'Questions for families' });
  await questions.getByText('No questions yet.').waitFor();
  await questions.getByRole('button', { name: 'Add a question' }).click();
  const editor = admin.page.getByRole('dialog', { name: 'New question' });
  await editor.getByRole('button', { name: 'Add question' }).click();
  await editor.getByText('Enter the question').waitFor();
  await editor.getByLabel('Question', { exact: false }).first().fill('Skill level');
  await editor.getByLabel('Kind of answer').selectOption({ label: 'Choice from a list' });
  await editor.getByLabel(/^Options, one a line\s*\*?$/).fill('New\nSkilled');
  await editor.getByLabel('Families must answer it').check();
  reported.push(...(await violations(admin.page, 'admin, new question dialog')));
  await editor.getByRole('button', { name: 'Add question' }).click();
  await toast(admin.page, '"Skill level" is saved.').waitFor();
  await questions.getByText('Choice from a list: New, Skilled · required').waitFor();

  // The server refuses an enrollment without the answer, whatever the page did.
  const refused = await call('enroll', { studentId: ben.id, classId: cls.id }, family.accessToken);
  expect([refused.status, refused.body.error?.message]).toEqual([
    400,
    expect.stringMatching(/^answers\.q\w+: "Skill level" needs an answer$/),
  ]);

  const { page, context } = await openPortal(browser, PHONE);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/classes/enrollment');
  await page
    .getByRole('article', { name: cls.name })
    .getByRole('button', { name: `Enroll in ${cls.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enroll in ${cls.name}` });
  await dialog.getByRole('radio', { name: /^Ben Cornice/ }).check();
  await dialog.getByText('Questions about Ben').waitFor();
  await dialog.getByRole('button', { name: 'Enroll Ben' }).click();
  await dialog.getByText('"Skill level" needs an answer').waitFor();
  reported.push(...(await violations(page, 'family, enroll dialog with a question left unanswered')));
  await dialog.getByRole('radiogroup', { name: 'Skill level' }).getByRole('radio', { name: 'New' }).check();
  await dialog.getByRole('button', { name: 'Enroll Ben' }).click();
  await dialog.getByText(`Ben is enrolled in ${cls.name}.`).waitFor();
  await dialog.getByRole('link', { name: 'See my enrollments' }).click();

  await page.getByText('Skill level: New').waitFor();
  await page.getByRole('button', { name: `Change the answers for Ben Cornice in ${cls.name}` }).click();
  const answers = page.getByRole('dialog', { name: `Answers for Ben Cornice – ${cls.name}` });
  await answers.getByRole('radiogroup', { name: 'Skill level' }).getByRole('radio', { name: 'Skilled' }).check();
  reported.push(...(await violations(page, 'family, answers dialog')));
  await answers.getByRole('button', { name: 'Save answers' }).click();
  await toast(page, 'The answers for Ben Cornice are saved.').waitFor();
  await page.getByText('Skill level: Skilled').waitFor();
  await context.close();

  await admin.page.goto(`/admin/report?classId=${cls.id}`);
  const roster = admin.page.getByRole('table', { name: `Roster of ${cls.name}` });
  await roster.getByRole('columnheader', { name: 'Answers to questions' }).waitFor();
  await roster.getByRole('row').filter({ hasText: 'Cornice, Ben' }).getByText('Skill level: Skilled').waitFor();
  await admin.context.close();
  expectNone(reported);
});
