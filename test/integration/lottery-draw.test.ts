// Running a semester's draw: refused while requests are taken; once they closed, the draw runs with the committed
// seed as a preview with its summary, families can no longer change their requests, the export gives the same
// result when run again (what `npm run lottery:verify` checks), and running it again gives a new preview of the
// same seed, guarded against two runs at once; every run is kept in the draws' audit trail.
import type { LotteryDrawState } from '../../lambdas/contract/lottery/records';
import { commitmentCheck, type DrawExport, verifyExport } from '../../lambdas/contract/lottery/drawExport';
import { programmeMoment } from '../support/programmeTime';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, runScheduleAt } from '../support/portal';
import { TEST_ADMIN } from '../support/stack-info';

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

test('given requests of three families, the draw runs only once requests closed, as a preview that the export reproduces, and again with the same seed', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester();
  const nordic = await newClass(semester.id, { capacity: 2 });
  const climbing = await newClass(semester.id, { capacity: 1 });
  const lottery = {
    requestsOpen: at(-120 * MINUTE),
    requestsClose: at(60 * MINUTE),
    resultsBy: at(120 * MINUTE),
    seatsOpen: at(180 * MINUTE),
    choices: 2,
    weighted: true,
  };
  const settings = { semesterId: semester.id, lottery, priorityWindows: [] };
  await data('saveAllocationSettings', settings, admin);

  const siblings = await familyWithStudents(2, 'draw-siblings');
  const [single, other] = await Promise.all([
    familyWithStudents(1, 'draw-single'),
    familyWithStudents(1, 'draw-other'),
  ]);
  const both = [
    { kind: 'class', id: nordic.id },
    { kind: 'class', id: climbing.id },
  ];
  for (const student of siblings.students)
    await data(
      'saveLotteryRequest',
      { semesterId: semester.id, studentId: student.id, choices: both, keepTogether: true },
      siblings.family.accessToken,
    );
  await data(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: single.students[0]!.id, choices: [{ kind: 'class', id: nordic.id }] },
    single.family.accessToken,
  );
  await data(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: other.students[0]!.id, choices: [...both].reverse() },
    other.family.accessToken,
  );

  const early = await call('runLotteryDraw', { semesterId: semester.id }, admin);
  expect(early.status).toBe(409);
  expect(early.body.error!.message).toBe(
    `Requests for ${semester.name} are taken until ${programmeMoment(lottery.requestsClose)}: run the draw once they close.`,
  );

  // Requests close.
  const closed = { ...lottery, requestsClose: at(-MINUTE) };
  await data('saveAllocationSettings', { ...settings, lottery: closed }, admin);
  const late = await call(
    'withdrawLotteryRequest',
    { semesterId: semester.id, studentId: single.students[0]!.id },
    single.family.accessToken,
  );
  expect(late.body.error!.message).toBe(
    `Requests for ${semester.name} closed on ${programmeMoment(closed.requestsClose)}.`,
  );

  const { draw } = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: semester.id }, admin);
  expect(draw).toMatchObject({ semesterId: semester.id, status: 'preview', runs: 1 });
  expect(draw.seed).toMatch(/^[0-9a-f]{32}$/);
  // Four children for three seats: the siblings are one unit, seated together or waitlisted together.
  expect(draw.summary.requests).toBe(4);
  expect(draw.summary.siblingUnits).toBe(1);
  expect(draw.summary.byRank.reduce((sum, count) => sum + count, 0) + draw.summary.waitlisted).toBe(4);

  const { export: exported } = await data<{ export: DrawExport & { drawId: string } }>(
    'lotteryDraw',
    { semesterId: semester.id, withExport: true },
    admin,
  );
  expect(exported.drawId).toBe(draw.drawId);
  expect(exported.input.seed).toBe(draw.seed);
  expect(exported.input.families.find((family) => family.id === siblings.family.sub)).toEqual({
    id: siblings.family.sub,
    keepTogether: true,
    losses: 0,
  });
  expect(verifyExport(exported)).toEqual({ matches: true });
  expect(commitmentCheck(exported)).toMatchObject({ matches: true, count: 1 });
  const placed = new Map(exported.result.placements.map((placement) => [placement.studentId, placement]));
  const [first, second] = siblings.students.map((student) => placed.get(student.id)!);
  expect({ outcome: second!.outcome, choice: second!.choice }).toEqual({
    outcome: first!.outcome,
    choice: first!.choice,
  });

  // Requests are fixed once drawn, even by an administrator acting for a family.
  const afterDraw = await call(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: single.students[0]!.id, choices: both },
    admin,
  );
  expect(afterDraw.body.error!.message).toBe(
    `The draw for ${semester.name} has been run: requests can no longer change.`,
  );

  const again = await data<{ draw: LotteryDrawState }>(
    'runLotteryDraw',
    { semesterId: semester.id, drawId: draw.drawId },
    admin,
  );
  // A new preview, never a new seed: only a change of seed, which families see, gives another.
  expect(again.draw).toMatchObject({ runs: 2, seed: draw.seed });
  expect(again.draw.drawId).not.toBe(draw.drawId);
  const stale = await call('runLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin);
  expect(stale.body.error!.message).toBe('Another draw was run meanwhile: look at it before running the draw again.');
  // Every run is kept: who ran it, when, its seed and summary, newest first.
  const { runs } = await data<{ runs: Array<{ drawId: string; seed: string; ranBy: string }> }>(
    'lotteryDraw',
    { semesterId: semester.id },
    admin,
  );
  expect(runs.map(({ drawId, seed, ranBy }) => ({ drawId, seed, ranBy }))).toEqual([
    { drawId: again.draw.drawId, seed: again.draw.seed, ranBy: TEST_ADMIN.email },
    { drawId: draw.drawId, seed: draw.seed, ranBy: TEST_ADMIN.email },
  ]);
});

const lotteryDrawsAt = (time: Date) => runScheduleAt<{ drawn: number; failed: number }>('lotteryDraws', time);

test('given a lottery set to draw by itself, the schedule draws it once its requests closed, once, as a preview; a lottery not set so waits for an administrator', async () => {
  const admin = (await adminSession()).accessToken;
  const lottery = {
    requestsOpen: at(-120 * MINUTE),
    requestsClose: at(60 * MINUTE),
    resultsBy: at(120 * MINUTE),
    seatsOpen: at(180 * MINUTE),
    choices: 1,
  };
  const [byItself, byHand] = [await openSemester(), await openSemester()];
  for (const [semester, drawAtClose] of [
    [byItself, true],
    [byHand, false],
  ] as const)
    await data(
      'saveAllocationSettings',
      { semesterId: semester.id, lottery: { ...lottery, drawAtClose }, priorityWindows: [] },
      admin,
    );
  const cls = await newClass(byItself.id, { capacity: 1 });
  const { family, students } = await familyWithStudents(1, 'draw-at-close');
  await data(
    'saveLotteryRequest',
    { semesterId: byItself.id, studentId: students[0]!.id, choices: [{ kind: 'class', id: cls.id }] },
    family.accessToken,
  );
  const drawOf = async (semesterId: string) =>
    (await data<{ draw?: LotteryDrawState }>('lotteryDraw', { semesterId }, admin)).draw;

  // Before requests close, nothing is drawn.
  await lotteryDrawsAt(new Date());
  expect(await drawOf(byItself.id)).toBeUndefined();

  // Once they closed (the schedule's moment moved past it), the lottery set to draw by itself is drawn, once.
  const afterClose = new Date(Date.parse(lottery.requestsClose) + MINUTE);
  await lotteryDrawsAt(afterClose);
  const drawn = await drawOf(byItself.id);
  expect(drawn).toMatchObject({ status: 'preview', runs: 1, ranBy: 'the lotteryDraws schedule' });
  expect(drawn!.summary).toMatchObject({ requests: 1, byRank: [1] });
  await lotteryDrawsAt(afterClose);
  expect(await drawOf(byItself.id)).toEqual(drawn);
  expect(await drawOf(byHand.id)).toBeUndefined();
});
