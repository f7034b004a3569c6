// The enroll dialog on a phone while a child's request waits in a long line (checked by axe): it tells the place,
// moves it up and estimates the turn as the line's progress (the edge's `lineProgress`) tells more decided,
// without asking the portal about the request meanwhile, and shows the outcome once it is decided. The line is
// held by another allocator, and its decisions elsewhere are played by advancing the line's tally by hand.
import type { Browser } from 'playwright-core';
import type { EnrollmentAnswer } from '../../lambdas/contract/records';
import { launchBrowser, openPortal, requestsTo, signInThroughLogin } from '../support/browser';
import { addStudent, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { advanceLine, holdLine, letLineGo } from '../support/heldLine';
import { call, signUpFamily } from '../support/portal';
import { unique } from './admin-session';
import { expectNone, PHONE, violations } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const AHEAD = 8;

test('given a long line, the dialog tells the place, moves it up with the line and estimates the turn, asking the portal only when the turn is near', async () => {
  const semester = await openSemester({ name: unique('Busy semester') });
  const cls = await newClass(semester.id, { name: unique('Avalanche Basics'), capacity: 1 });
  await holdLine(cls.id, 120_000);
  const ahead = await Promise.all(Array.from({ length: AHEAD }, (_, index) => familyWithStudents(1, `ahead${index}`)));
  const inLine = await Promise.all(
    ahead.map(({ family, students }) =>
      call<EnrollmentAnswer>('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken),
    ),
  );
  expect(inLine.map((answer) => answer.body.data?.pending && 'place' in answer.body.data.pending)).toEqual(
    ahead.map(() => true),
  );
  const family = await signUpFamily('waiting-e2e');
  await addStudent(family, { firstName: 'Ana', lastName: 'Ridge' });

  const { page, context } = await openPortal(browser, PHONE);
  await signInThroughLogin(page, family.email, family.password);
  await page.goto('/classes/enrollment');
  // No seat is taken yet (every request waits): the class still shows its seat.
  await page
    .getByRole('article', { name: cls.name })
    .getByRole('button', { name: `Enroll in ${cls.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Enroll in ${cls.name}` });
  await dialog.getByRole('radio', { name: /^Ana Ridge/ }).check();
  const asked = requestsTo(page, '/fn/enrollmentRequest');
  await dialog.getByRole('button', { name: 'Enroll Ana' }).click();
  const status = dialog.getByRole('status');
  await status.getByText(`is number ${AHEAD + 1} in line`, { exact: false }).waitFor({ timeout: 20_000 });
  await status.getByText('The estimate of your turn comes once the line moves.', { exact: false }).waitFor();

  // The line moves at once: two decided, then two more a few seconds later.
  await advanceLine(cls.id, 2);
  await status.getByText(`is number ${AHEAD - 1} in line`, { exact: false }).waitFor({ timeout: 10_000 });
  await advanceLine(cls.id, 2);
  await status.getByText(`is number ${AHEAD - 3} in line`, { exact: false }).waitFor({ timeout: 10_000 });
  await status.getByText(/At the pace the line moves now, it should be decided (in a few seconds|in about)/).waitFor();
  // Far from its turn, the page followed the line and asked the portal nothing about its request (all of this
  // within the 20 s after which it asks in any case, and which would count its place again).
  expect(asked).toHaveLength(0);
  expectNone(await violations(page, 'family, request in a long line with its estimate'));

  // The other allocator lets go: the page asks once its turn is near (or after 20 s in any case), and its ask decides the line.
  await letLineGo(cls.id);
  await dialog.getByText(/so Ana is on the waitlist at/).waitFor({ timeout: 40_000 });
  expect(asked.length).toBeGreaterThan(0);
  await context.close();
}, 180_000);
