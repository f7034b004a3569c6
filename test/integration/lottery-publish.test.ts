// Publishing a semester's draw: a stale preview is refused; two publications at once and a retry write the
// draw's placements exactly once (each class's counts as the draw gave them, its waitlist in draw order,
// siblings kept together next to each other), each family gets one e-mail with its children's results and
// sees them in its lottery page, a family that got no seat has a loss that the next draw's input counts, and
// first come first served opens only at `seatsOpen`; a family that deletes its account leaves no lottery data.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startPublishing } from '../../lambdas/lottery/lotteryDraws';
import type { LotteryDrawState } from '../../lambdas/contract/lottery/records';
import type { DrawExport } from '../../lambdas/contract/lottery/drawExport';
import { programmeMoment } from '../support/programmeTime';
import type { Class, FamilyLottery, PolicyVersion, RosterEntry } from '../../lambdas/contract/records';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';
import { adminSession, classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, outbox, post, waitForMail, type SignedIn } from '../support/portal';
import { messageIn } from '../../lambdas/platform/errorLanguage';
import { TEST_ADMIN } from '../support/stack-info';

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A lottery whose requests are open now (or closed, with `closed`). */
const lotteryAt = (closed: boolean, seatsOpen: number) => ({
  requestsOpen: at(-120 * MINUTE),
  requestsClose: at(closed ? -3 * MINUTE : 60 * MINUTE),
  resultsBy: at(closed ? -2 * MINUTE : 120 * MINUTE),
  seatsOpen: at(seatsOpen),
  choices: 2,
  weighted: true,
});

test('a previewed draw is published once, however often and concurrently it is asked, and families hear their results', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester();
  const nordic = await newClass(semester.id, { capacity: 2 });
  const climbing = await newClass(semester.id, { capacity: 1 });
  const settings = { semesterId: semester.id, priorityWindows: [] };
  await data('saveAllocationSettings', { ...settings, lottery: lotteryAt(false, 180 * MINUTE) }, admin);

  const siblings = await familyWithStudents(2, 'publish-siblings');
  const singles = await Promise.all([1, 2, 3].map((n) => familyWithStudents(1, `publish-single${n}`)));
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
  for (const [index, { family, students }] of singles.entries())
    await data(
      'saveLotteryRequest',
      { semesterId: semester.id, studentId: students[0]!.id, choices: index === 0 ? both : [...both].reverse() },
      family.accessToken,
    );
  const closed = lotteryAt(true, 180 * MINUTE);
  await data('saveAllocationSettings', { ...settings, lottery: closed }, admin);
  const first = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: semester.id }, admin);
  const { draw } = await data<{ draw: LotteryDrawState }>(
    'runLotteryDraw',
    { semesterId: semester.id, drawId: first.draw.drawId },
    admin,
  );

  const stale = await call('publishLotteryDraw', { semesterId: semester.id, drawId: first.draw.drawId }, admin);
  expect(stale.status).toBe(409);
  expect(stale.body.error!.message).toBe('Another draw was run meanwhile: look at its preview before publishing it.');

  // Two administrators publish at once, and one presses again: one publication.
  const publish = () =>
    data<{ draw: LotteryDrawState }>('publishLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin);
  const answers = await Promise.all([publish(), publish()]);
  const again = await publish();
  const published = answers.find((answer) => answer.draw.status === 'published') ?? again;
  // Named by the administrator's e-mail, not the account's id.
  expect(published.draw).toMatchObject({ drawId: draw.drawId, status: 'published', publishedBy: TEST_ADMIN.email });
  expect(again.draw).toEqual(published.draw);
  const rerun = await call('runLotteryDraw', { semesterId: semester.id, drawId: draw.drawId }, admin);
  expect(rerun.body.error!.message).toBe(`The draw for ${semester.name} is published already.`);

  // Each class holds exactly the draw's placements, its waitlist in draw order.
  const { export: exported, runs } = await data<{
    export: DrawExport;
    runs: Array<{ drawId: string; publishedAt?: string }>;
  }>('lotteryDraw', { semesterId: semester.id, withExport: true }, admin);
  expect(runs.find((run) => run.drawId === draw.drawId)!.publishedAt).toBe(published.draw.publishedAt);
  for (const cls of [nordic, climbing]) {
    const mine = exported.result.placements.filter((placement) => placement.choice?.id === cls.id);
    const waiting = mine.filter((placement) => placement.outcome === 'waitlisted').map((p) => p.studentId);
    const now: Class = await classNow(cls.id);
    expect({ enrolled: now.enrolled, waitlisted: now.waitlisted }).toEqual({
      enrolled: mine.length - waiting.length,
      waitlisted: waiting.length,
    });
    const roster = await data<{ waitlist: RosterEntry[] }>('classRoster', { classId: cls.id }, admin);
    expect(roster.waitlist.map((entry) => [entry.student.id, entry.waitlistPosition])).toEqual(
      waiting.map((studentId, index) => [studentId, index + 1]),
    );
  }
  // Siblings kept together share their outcome, next to each other in draw order.
  const ids = siblings.students.map((student) => student.id);
  const order = exported.result.placements.map((placement) => placement.studentId);
  expect(Math.abs(order.indexOf(ids[0]!) - order.indexOf(ids[1]!))).toBe(1);

  // One e-mail per family with every child's result, and its lottery page shows them.
  const families = [siblings, ...singles];
  for (const { family, students } of families) {
    const mail = await waitForMail(family.email, `Lottery results for ${semester.name}`);
    for (const student of students) expect(mail.text).toContain(student.firstName);
    expect(mail.text).toContain(draw.seed);
    const { lotteries } = await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken);
    const mine = lotteries.find((lottery) => lottery.semester.id === semester.id)!;
    expect(mine.draw).toEqual({ seed: draw.seed, publishedAt: published.draw.publishedAt });
    for (const request of mine.requests) {
      const placement = exported.result.placements.find((p) => p.studentId === request.studentId)!;
      expect(request.result).toEqual({ outcome: placement.outcome, choice: placement.choice, rank: placement.rank });
    }
  }
  const sent = (await outbox()).filter((message) => message.subject === `Lottery results for ${semester.name}`);
  expect(sent.map((message) => message.to).sort()).toEqual(families.map(({ family }) => family.email).sort());

  // First come first served waits for seatsOpen.
  const early = await call(
    'enroll',
    { studentId: singles[0]!.students[0]!.id, classId: nordic.id },
    singles[0]!.family.accessToken,
  );
  expect(early.status).toBe(409);
  expect(early.body.error!.message).toBe(
    `Seats in ${semester.name} are given by a lottery draw: requests closed on ${programmeMoment(closed.requestsClose)}. ` +
      `The seats left after the draw open to everyone on ${programmeMoment(closed.seatsOpen)}.`,
  );

  // A family none of whose children got a seat lost this draw: the next draw gives it a ticket more.
  const loser = families.find(({ students }) =>
    students.every((s) => exported.result.placements.find((p) => p.studentId === s.id)!.outcome === 'waitlisted'),
  )!;
  const next = await openSemester();
  const kayak = await newClass(next.id, { capacity: 5 });
  const nextSettings = { semesterId: next.id, priorityWindows: [] };
  await data('saveAllocationSettings', { ...nextSettings, lottery: lotteryAt(false, 180 * MINUTE) }, admin);
  await data(
    'saveLotteryRequest',
    { semesterId: next.id, studentId: loser.students[0]!.id, choices: [{ kind: 'class', id: kayak.id }] },
    loser.family.accessToken,
  );
  await data('saveAllocationSettings', { ...nextSettings, lottery: lotteryAt(true, -MINUTE) }, admin);
  const nextRun = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: next.id }, admin);
  const nextDraw = await data<{ export: DrawExport }>('lotteryDraw', { semesterId: next.id, withExport: true }, admin);
  expect(nextDraw.export.input.families).toEqual([{ id: loser.family.sub, keepTogether: false, losses: 1 }]);
  // Its seats are open to everyone already: first come first served enrolls (another family than the one that
  // lost, which deletes its account below; which family lost depends on the draw's random seed).
  const newcomer = families.find((family) => family !== loser)!;
  const open = await enrollAndWait(
    { studentId: newcomer.students[0]!.id, classId: kayak.id },
    newcomer.family.accessToken,
  );
  expect(open.status).toBe(200);

  // A family that deletes its account leaves neither its lottery requests nor its losses behind.
  await data('deleteAccount', {}, loser.family.accessToken);
  const { Items } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :family AND begins_with(SK, :lottery)',
      ExpressionAttributeValues: { ':family': `FAMILY#${loser.family.sub}`, ':lottery': 'LOTTERY' },
    }),
  );
  expect(Items).toEqual([]);

  // A publication under way (one whose call ended early) cannot be run again, and publishing again resumes it;
  // the family gone meanwhile is left out.
  expect(await startPublishing(next.id, nextRun.draw.drawId, 'an administrator')).toBe(true);
  const during = await call('runLotteryDraw', { semesterId: next.id, drawId: nextRun.draw.drawId }, admin);
  expect(during.body.error!.message).toBe(
    `The draw for ${next.name} is being published: it can no longer be run again.`,
  );
  const resumed = await data<{ draw: LotteryDrawState }>(
    'publishLotteryDraw',
    { semesterId: next.id, drawId: nextRun.draw.drawId },
    admin,
  );
  expect(resumed.draw).toMatchObject({ status: 'published', publishedBy: 'an administrator' });
  expect(await classNow(kayak.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
});

describe('a child is seated by the lottery only where enrolling would seat it', () => {
  test("a request waits for the semester's required policies, as enrolling does; at publication a fourth child of a family in one class, a child whose policy is not accepted and one no longer in the grades are left unplaced with the reason, in the summary and the e-mail", async () => {
    const admin = (await adminSession()).accessToken;
    const semester = await openSemester();
    const big = await newClass(semester.id, { capacity: 10, minGrade: 2, maxGrade: 4 });
    const settings = { semesterId: semester.id, priorityWindows: [] };
    await data('saveAllocationSettings', { ...settings, lottery: lotteryAt(false, 180 * MINUTE) }, admin);
    const choices = [{ kind: 'class', id: big.id }];
    const request = (family: SignedIn, studentId: string) =>
      call('saveLotteryRequest', { semesterId: semester.id, studentId, choices }, family.accessToken);

    const four = await familyWithStudents(4, 'lottery-four');
    const late = await familyWithStudents(1, 'lottery-late-policy');
    const regraded = await familyWithStudents(1, 'lottery-regraded');
    for (const { family, students } of [four, late, regraded])
      for (const student of students) await data('saveStudent', { ...student, grade: 3 }, family.accessToken);

    // A required policy is asked for at the request, as the enroll dialog asks for it.
    const waiver = (
      await data<{ version: PolicyVersion }>(
        'savePolicy',
        { title: 'Lottery waiver', text: 'We ski at our own risk.', required: true, semesterId: semester.id },
        admin,
      )
    ).version;
    const refused = await request(four.family, four.students[0]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toBe(
      `Before ${four.students[0]!.firstName} can be enrolled for ${semester.name}, please read and accept this policy: Lottery waiver.`,
    );
    expect(refused.body.error!.details).toMatchObject({
      policiesToAccept: { studentId: four.students[0]!.id, semesterId: semester.id },
    });
    const accepted = [{ policyId: waiver.policyId, version: waiver.version }];
    for (const { family, students } of [four, late, regraded])
      for (const student of students) {
        await data('acceptPolicies', { studentId: student.id, semesterId: semester.id, accepted }, family.accessToken);
        expect((await request(family, student.id)).status).toBe(200);
      }

    // After the requests: a new version of the policy, which the late family does not accept.
    const v2 = (
      await data<{ version: PolicyVersion }>(
        'savePolicy',
        {
          id: waiver.policyId,
          basedOnVersion: 1,
          title: 'Lottery waiver',
          text: 'We ski and climb at our own risk.',
          required: true,
          semesterId: semester.id,
        },
        admin,
      )
    ).version;
    for (const { family, students } of [four, regraded])
      for (const student of students)
        await data(
          'acceptPolicies',
          {
            studentId: student.id,
            semesterId: semester.id,
            accepted: [{ policyId: v2.policyId, version: v2.version }],
          },
          family.accessToken,
        );

    await data('saveAllocationSettings', { ...settings, lottery: lotteryAt(true, 180 * MINUTE) }, admin);
    const { draw } = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId: semester.id }, admin);
    expect(draw.summary).toMatchObject({ requests: 6, unplaced: 0 });
    // Between the draw and its publication, a child's grade changes.
    await data('saveStudent', { ...regraded.students[0]!, grade: 9 }, regraded.family.accessToken);
    const published = (
      await data<{ draw: LotteryDrawState }>(
        'publishLotteryDraw',
        { semesterId: semester.id, drawId: draw.drawId },
        admin,
      )
    ).draw;

    const cap = 'A family can enroll at most 3 children in one class.';
    const policy = `Before ${late.students[0]!.firstName} can be enrolled for ${semester.name}, please read and accept this policy: Lottery waiver.`;
    const grade = `${big.name} is for grades 2–4, and ${regraded.students[0]!.firstName} is in grade 9.`;
    expect(await classNow(big.id)).toMatchObject({ enrolled: 3, waitlisted: 0 });
    expect(published.status).toBe('published');
    const familyOf = (studentId: string) =>
      [four, late, regraded].findIndex(({ students }) => students.some((student) => student.id === studentId));
    expect(published.leftOut!.map(({ studentId, reason }) => [familyOf(studentId), reason])).toEqual(
      expect.arrayContaining([
        [0, cap],
        [1, policy],
        [2, grade],
      ]),
    );
    expect(published.leftOut).toHaveLength(3);
    const { roster } = await data<{ roster: RosterEntry[] }>('classRoster', { classId: big.id }, admin);
    expect(roster.map((entry) => entry.student.id).sort()).toEqual(
      four.students
        .map((student) => student.id)
        .filter((id) => published.leftOut!.every((child) => child.studentId !== id))
        .sort(),
    );
    for (const [{ family }, reason] of [
      [four, cap],
      [late, policy],
      [regraded, grade],
    ] as const) {
      const mail = await waitForMail(family.email, `Lottery results for ${semester.name}`);
      expect(mail.text).toContain(`not placed. ${reason}`);
      const { lotteries } = await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, family.accessToken);
      const results = lotteries.find((lottery) => lottery.semester.id === semester.id)!.requests.map((r) => r.result);
      expect(results).toContainEqual({ outcome: 'unplaced', reason });
    }
    // A family reading Spanish reads why in Spanish.
    const inSpanish = await post('myLotteries', '{}', {
      authorization: `Bearer ${regraded.family.accessToken}`,
      'accept-language': 'es',
    });
    const spanishResults = (inSpanish.body.data as { lotteries: FamilyLottery[] }).lotteries
      .find((lottery) => lottery.semester.id === semester.id)!
      .requests.map((request) => request.result);
    expect(spanishResults).toContainEqual({ outcome: 'unplaced', reason: messageIn('es', grade) });
    expect(messageIn('es', grade)).not.toBe(grade);
  });
});
