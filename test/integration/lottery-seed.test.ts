// A lottery's seed is committed before requests close and can never be changed unseen: families see its SHA-256
// (the commitment) as soon as the lottery is set, every run of the draw uses that seed (a run again gives a new
// preview, never a new seed), the published seed is the one whose hash they saw, and an administrator who changes
// the seed makes a new commitment, with a reason, that every family sees and counts. A change and a run or a
// publication at once never leave a draw published with a seed that is not the current commitment's. A lottery set
// before seeds were committed gets its commitment from the lotteryDraws schedule, or at the latest from its draw.
import { createHash } from 'node:crypto';
import { putAllocationSettings } from '../../lambdas/enrollment/allocationSettings';
import { startPublishing } from '../../lambdas/lottery/lotteryDraws';
import type { LotteryDrawState } from '../../lambdas/contract/lottery/records';
import { commitmentCheck, type DrawExport, verifyExport } from '../../lambdas/contract/lottery/drawExport';
import type { FamilyLottery, SeedCommitment } from '../../lambdas/contract/records';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, runScheduleAt } from '../support/portal';

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const lotteryClosing = (closeIn: number) => ({
  requestsOpen: at(-120 * MINUTE),
  requestsClose: at(closeIn),
  resultsBy: at(closeIn + 60 * MINUTE),
  seatsOpen: at(closeIn + 120 * MINUTE),
  choices: 1,
});

async function familyLottery(token: string, semesterId: string): Promise<FamilyLottery> {
  const { lotteries } = await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, token);
  return lotteries.find((lottery) => lottery.semester.id === semesterId)!;
}

type AdminLottery = { draw?: LotteryDrawState; commitments: SeedCommitment[]; export?: DrawExport };

test('given a lottery, families see the commitment to its seed before requests close; every run draws with it, a change needs a reason and is counted, and the published seed is the one committed', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const settings = { semesterId: semester.id, priorityWindows: [] };
  await data('saveAllocationSettings', { ...settings, lottery: lotteryClosing(60 * MINUTE) }, admin);
  const [first, second] = await Promise.all([
    familyWithStudents(1, 'seed-first'),
    familyWithStudents(1, 'seed-second'),
  ]);
  for (const { family, students } of [first, second])
    await data(
      'saveLotteryRequest',
      { semesterId: semester.id, studentId: students[0]!.id, choices: [{ kind: 'class', id: cls.id }] },
      family.accessToken,
    );

  // Before requests close: one commitment, a SHA-256 in hex, and no seed.
  const before = await familyLottery(first.family.accessToken, semester.id);
  expect(before.commitments).toEqual([
    { hash: expect.stringMatching(/^[0-9a-f]{64}$/), committedAt: expect.any(String) },
  ]);
  expect(before.draw).toBeUndefined();
  const [committed] = before.commitments;
  const adminBefore = await data<AdminLottery>('lotteryDraw', { semesterId: semester.id }, admin);
  expect(adminBefore.commitments.map(({ hash }) => hash)).toEqual([committed!.hash]);
  // Saving the settings again, or switching to first come first served and back, keeps the commitment.
  await data('saveAllocationSettings', settings, admin);
  await data('saveAllocationSettings', { ...settings, lottery: lotteryClosing(30 * MINUTE) }, admin);
  expect((await familyLottery(second.family.accessToken, semester.id)).commitments).toEqual([committed]);

  // Requests close: the draw runs with the committed seed, and again with the same seed.
  await data('saveAllocationSettings', { ...settings, lottery: lotteryClosing(-MINUTE) }, admin);
  const run = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: semester.id }, admin);
  expect(sha256(run.draw.seed)).toBe(committed!.hash);
  const again = await data<{ draw: LotteryDrawState }>(
    'runLotteryDraw',
    { semesterId: semester.id, drawId: run.draw.drawId },
    admin,
  );
  expect(again.draw).toMatchObject({ runs: 2, seed: run.draw.seed });
  expect(again.draw.drawId).not.toBe(run.draw.drawId);
  // Nothing a family or an administrator read before requests closed held the seed.
  expect(JSON.stringify([before, adminBefore])).not.toContain(run.draw.seed);
  expect(JSON.stringify(await familyLottery(first.family.accessToken, semester.id))).not.toContain(run.draw.seed);

  // A change of seed needs a reason, and the commitment it replaces as shown.
  const change = (payload: object) =>
    call<{ commitments: SeedCommitment[] }>(
      'changeLotterySeed',
      { semesterId: semester.id, replacing: committed!.hash, ...payload },
      admin,
    );
  const noReason = await change({ reason: '  ' });
  expect(noReason.status).toBe(400);
  expect(noReason.body.error!.message).toMatch(/^reason: /);
  expect((await change({})).status).toBe(400);
  expect((await familyLottery(first.family.accessToken, semester.id)).commitments).toHaveLength(1);
  const reason = 'The capacity of the class was wrong when the seed was committed.';
  // Two changes at once: one replaces the commitment shown, the other is refused.
  const [one, other] = await Promise.all([change({ reason }), change({ reason })]);
  expect([one.status, other.status].sort()).toEqual([200, 409]);
  const refused = [one, other].find((answer) => answer.status === 409)!;
  expect(refused.body.error!.message).toBe(
    `The seed of ${semester.name}'s lottery was changed meanwhile: look at its commitment before changing it.`,
  );

  // Every family sees both commitments, the second with its reason, and the seed is still secret.
  const changed = await familyLottery(second.family.accessToken, semester.id);
  expect(changed.commitments).toEqual([
    committed,
    { hash: expect.stringMatching(/^[0-9a-f]{64}$/), committedAt: expect.any(String), reason },
  ]);
  const recommitted = changed.commitments[1]!;
  expect(recommitted.hash).not.toBe(committed!.hash);
  expect(changed.draw).toBeUndefined();

  // The preview drawn with the replaced seed is never published: the draw must run again, with the new seed.
  const stale = await call('publishLotteryDraw', { semesterId: semester.id, drawId: again.draw.drawId }, admin);
  expect(stale.status).toBe(409);
  expect(stale.body.error!.message).toBe(
    'The seed was changed after this draw: run the draw again with the new seed before publishing it.',
  );
  const redrawn = await data<{ draw: LotteryDrawState }>(
    'runLotteryDraw',
    { semesterId: semester.id, drawId: again.draw.drawId },
    admin,
  );
  expect(sha256(redrawn.draw.seed)).toBe(recommitted.hash);
  expect(redrawn.draw.commitment).toBe(2);

  // Published: families see the seed whose SHA-256 is the last commitment; the export carries the commitments.
  await data('publishLotteryDraw', { semesterId: semester.id, drawId: redrawn.draw.drawId }, admin);
  const published = await familyLottery(first.family.accessToken, semester.id);
  expect(published.draw?.seed).toBe(redrawn.draw.seed);
  expect(sha256(published.draw!.seed)).toBe(published.commitments.at(-1)!.hash);
  const { export: exported } = await data<AdminLottery>(
    'lotteryDraw',
    { semesterId: semester.id, withExport: true },
    admin,
  );
  expect(exported!.commitments).toEqual(published.commitments);
  expect(verifyExport(exported!)).toEqual({ matches: true });
  expect(commitmentCheck(exported!)).toEqual({ matches: true, commitment: recommitted, count: 2 });

  // A published draw is final: its seed no longer changes.
  const late = await call('changeLotterySeed', { semesterId: semester.id, replacing: recommitted.hash, reason }, admin);
  expect(late.status).toBe(409);
  expect(late.body.error!.message).toBe(
    `The draw for ${semester.name} is published already: its seed can no longer change.`,
  );
});

test('a change of seed and a run or a publication at once never leave a draw with another seed than the commitment', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 1 });
  const settings = { semesterId: semester.id, priorityWindows: [] };
  await data('saveAllocationSettings', { ...settings, lottery: lotteryClosing(60 * MINUTE) }, admin);
  const { family, students } = await familyWithStudents(1, 'seed-race');
  await data(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: students[0]!.id, choices: [{ kind: 'class', id: cls.id }] },
    family.accessToken,
  );
  await data('saveAllocationSettings', { ...settings, lottery: lotteryClosing(-MINUTE) }, admin);
  const state = () => data<AdminLottery>('lotteryDraw', { semesterId: semester.id }, admin);
  const changeSeed = async (reason: string) =>
    call(
      'changeLotterySeed',
      { semesterId: semester.id, replacing: (await state()).commitments.at(-1)!.hash, reason },
      admin,
    );

  // A run and a change at once: whichever came first, the preview left is either drawn with the commitment, or
  // refused at publication.
  let drawId: string | undefined;
  for (let round = 1; round <= 3; round += 1) {
    const [ran] = await Promise.all([
      call<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: semester.id, ...(drawId && { drawId }) }, admin),
      changeSeed(`Round ${round}: the settings were wrong.`),
    ]);
    if (ran.status !== 200)
      expect(ran.body.error!.message).toBe(
        'The seed was changed meanwhile: run the draw again to draw with the new one.',
      );
    const { draw, commitments } = await state();
    drawId = draw?.drawId;
    if (draw && sha256(draw.seed) !== commitments.at(-1)!.hash)
      expect((await call('publishLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin)).status).toBe(
        409,
      );
  }
  const { draw } = await data<{ draw: LotteryDrawState }>(
    'runLotteryDraw',
    { semesterId: semester.id, ...(drawId && { drawId }) },
    admin,
  );
  // A publication under way: the seed can no longer change.
  expect(await startPublishing(semester.id, draw.drawId, 'an administrator')).toBe(true);
  const during = await changeSeed('Too late.');
  expect(during.body.error!.message).toBe(
    `The draw for ${semester.name} is being published: its seed can no longer change.`,
  );
  await data('publishLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin);
  const mine = (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken)).lotteries.find(
    (lottery) => lottery.semester.id === semester.id,
  )!;
  expect(mine.commitments).toHaveLength(4);
  expect(sha256(mine.draw!.seed)).toBe(mine.commitments.at(-1)!.hash);
});

const lotteryDrawsAt = (time: Date) => runScheduleAt('lotteryDraws', time);

test('a lottery set before seeds were committed gets its commitment from the schedule, or at the latest from its draw', async () => {
  const admin = (await adminSession()).accessToken;
  const { family } = await familyWithStudents(0, 'seed-legacy');
  const [open, closed] = [await openSemester(), await openSemester()];
  // Written as the portal wrote them before: settings with a lottery, and no commitment.
  const legacy = (semesterId: string, closeIn: number) =>
    putAllocationSettings({
      semesterId,
      priorityWindows: [],
      lottery: { ...lotteryClosing(closeIn), weighted: false, drawAtClose: false },
    });
  await legacy(open.id, 60 * MINUTE);
  expect((await familyLottery(family.accessToken, open.id)).commitments).toEqual([]);

  await lotteryDrawsAt(new Date());
  const { commitments } = await familyLottery(family.accessToken, open.id);
  expect(commitments).toEqual([{ hash: expect.stringMatching(/^[0-9a-f]{64}$/), committedAt: expect.any(String) }]);
  await lotteryDrawsAt(new Date());
  expect((await familyLottery(family.accessToken, open.id)).commitments).toEqual(commitments);

  // Requests closed without one (before the schedule ran): the draw commits its seed as it runs, which the
  // commitment's moment, after requests closed, shows.
  await legacy(closed.id, -MINUTE);
  const { lottery } = await familyLottery(family.accessToken, closed.id);
  const { draw } = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: closed.id }, admin);
  const late = (await familyLottery(family.accessToken, closed.id)).commitments;
  expect(late).toHaveLength(1);
  expect(sha256(draw.seed)).toBe(late[0]!.hash);
  expect(Date.parse(late[0]!.committedAt)).toBeGreaterThan(Date.parse(lottery.requestsClose));
});
