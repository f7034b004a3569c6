// A fair start: the requests made before a semester's opening, or within its first minutes, are put in order by
// a draw whose seed was committed when the fair start was set (its SHA-256 shown from then, the seed after the
// draw); being early or fast inside the window gains nothing. Requests after the window go by arrival. Once the
// draw came, the fair start's record (every decision, line by line in order, with the seed) is downloaded and
// `npm run lottery:verify` checks it; changed, it fails.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { programmeMoment } from '../support/programmeTime';
import {
  ASK_AGAIN_MS,
  requestTag,
  type AllocationSettings,
  type DrawnLine,
  type EnrollmentAnswer,
  type FairStartView,
  type Semester,
} from '../../lambdas/contract/records';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait } from '../support/portal';

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function saveSettings(settings: unknown) {
  return call<{ settings: AllocationSettings }>('saveAllocationSettings', settings, (await adminSession()).accessToken);
}

type FairStartRecord = FunctionResult<'fairStartExport'>['record'];

/** The semester's fair start record as an administrator downloads it, `limit` decisions a page. */
async function downloadRecord(semesterId: string, limit: number): Promise<FairStartRecord> {
  const token = (await adminSession()).accessToken;
  const lines = new Map<string, FairStartRecord['lines'][number]['decisions']>();
  let cursor: string | undefined;
  for (;;) {
    const page = await data<FunctionResult<'fairStartExport'>>(
      'fairStartExport',
      { semesterId, limit, ...(cursor && { cursor }) },
      token,
    );
    expect(page.record.lines.flatMap((line) => line.decisions).length).toBeLessThanOrEqual(limit);
    for (const { line, decisions } of page.record.lines) lines.set(line, [...(lines.get(line) ?? []), ...decisions]);
    if (!page.nextCursor)
      return { ...page.record, lines: [...lines].map(([line, decisions]) => ({ line, decisions })) };
    cursor = page.nextCursor;
  }
}

/** `npm run lottery:verify` on a record written to a file: its exit code and what it printed. */
async function verified(record: FairStartRecord): Promise<{ code: number; stdout: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'fair-start-record-')), 'record.json');
  writeFileSync(file, JSON.stringify(record));
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/lottery-verify.ts', file]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

async function fairStartOf(semester: Semester): Promise<FairStartView | undefined> {
  // Read past the edge's cache: the view changes at the draw.
  const { fairStarts } = await data<{ fairStarts: FairStartView[] }>('fairStarts', {});
  return fairStarts.find((view) => view.semesterId === semester.id);
}

test("given a fair start, then the requests made in its window are seated in the order of the published draw, the commitment is the seed's, one family is one place however often it presses, and a request after the window waits behind the draw", async () => {
  const families = await Promise.all(Array.from({ length: 7 }, (_, index) => familyWithStudents(1, `fair${index}`)));
  const late = await familyWithStudents(1, 'fairLate');
  // Registration opened 52 s ago, with a fair start of 1 minute: the draw is in 8 s.
  const semester = await openSemester({ registrationOpens: at(-52_000) });
  const cls = await newClass(semester.id, { capacity: 3 });
  const saved = await saveSettings({ semesterId: semester.id, fairStart: { minutes: 1 } });
  expect(saved.status).toBe(200);
  const view = await fairStartOf(semester);
  expect(view).toMatchObject({
    minutes: 1,
    draws: [{ name: 'Registration for everyone', opening: semester.registrationOpens }],
  });
  expect(view!.commitment).toMatch(/^[0-9a-f]{64}$/);
  expect(view!.seed).toBeUndefined();
  const drawAt = view!.draws[0]!.drawAt;
  expect(Date.parse(drawAt)).toBe(Date.parse(semester.registrationOpens!) + MINUTE);
  // Its record holds the seed: refused before the draw.
  const early = await call('fairStartExport', { semesterId: semester.id }, (await adminSession()).accessToken);
  expect(early.status).toBe(409);
  expect(early.body.error!.message).toBe(
    `The record of ${semester.name}'s fair start holds its seed, which stays secret until the last draw, on ` +
      `${programmeMoment(drawAt)}: download it from then.`,
  );

  // Each request in the window is answered at once with the draw's moment, and no place (the draw is secret).
  const enroll = ({ family, students }: (typeof families)[number]) =>
    enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const first = await call<EnrollmentAnswer>(
    'enroll',
    { studentId: families[0]!.students[0]!.id, classId: cls.id },
    families[0]!.family.accessToken,
  );
  expect(first.status).toBe(200);
  expect(first.body.data).toMatchObject({ enrollments: [], pending: { drawAt } });
  // Every family waits for the draw; the first presses again meanwhile (another tab): the same request.
  const [again, ...answers] = await Promise.all([enroll(families[0]!), ...families.slice(1).map(enroll)]);
  expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(drawAt));
  expect(again!.body.data!.requestId).toBe(first.body.data!.requestId);
  answers.unshift(again!);
  expect(answers.map((answer) => answer.body.error?.message ?? answer.status)).toEqual(families.map(() => 200));
  // After the window, a request goes by arrival: behind every request of the draw.
  const lateAnswer = await enroll(late);
  expect(lateAnswer.body.data!.enrollments[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 5 });

  // The seed is published after the draw, and it is the one committed.
  const published = await fairStartOf(semester);
  expect(published!.seed).toMatch(/^[0-9a-f]{32}$/);
  expect(sha256(published!.seed!)).toBe(view!.commitment);
  // The draw's order: the families by SHA-256 of the seed and their id, the lowest first.
  const byRank = [...families].sort((a, b) =>
    sha256(`${published!.seed}:${a.family.sub}`).localeCompare(sha256(`${published!.seed}:${b.family.sub}`)),
  );
  const outcomes = byRank.map((family) => {
    const enrollment = answers[families.indexOf(family)]!.body.data!.enrollments[0]!;
    return enrollment.status === 'enrolled' ? 'enrolled' : `waitlist ${enrollment.waitlistPosition}`;
  });
  expect(outcomes).toEqual([
    'enrolled',
    'enrolled',
    'enrolled',
    'waitlist 1',
    'waitlist 2',
    'waitlist 3',
    'waitlist 4',
  ]);

  // A press again after the decision is refused: the child is there already. Refusals are recorded too.
  const pressedAgain = await enroll(families[0]!);
  expect(pressedAgain.status).toBe(409);

  // The record, 3 decisions a page: the line's decisions in the order they were made, the draw's by rank.
  const record = await downloadRecord(semester.id, 3);
  expect(record).toMatchObject({
    kind: 'fairStart',
    semesterId: semester.id,
    seed: published!.seed,
    commitments: [{ hash: view!.commitment }],
    draws: view!.draws,
  });
  expect(record.lines.map((line) => line.line)).toEqual([cls.id]);
  const decisions = record.lines[0]!.decisions;
  expect(decisions.map((decision) => [decision.requestId, decision.outcome, decision.refusal])).toEqual([
    ...byRank.map((family, index) => [
      answers[families.indexOf(family)]!.body.data!.requestId,
      index < 3 ? 'enrolled' : 'waitlisted',
      undefined,
    ]),
    [lateAnswer.body.data!.requestId, 'waitlisted', undefined],
    [expect.any(String), 'refused', 'already-exists'],
  ]);
  expect(decisions[0]!.draw).toEqual({
    opening: semester.registrationOpens,
    at: Date.parse(drawAt),
    rank: sha256(`${published!.seed}:${byRank[0]!.family.sub}`),
  });
  expect(decisions[7]!.draw).toBeUndefined();

  // A cursor reads only this semester's lines, after a decision of the ledger.
  const cursorOf = (place: unknown) => Buffer.from(JSON.stringify(place)).toString('base64url');
  for (const cursor of [
    cursorOf({ line: 'another-class' }),
    cursorOf({ line: cls.id, after: 'REQUEST#1' }),
    cursorOf({ line: cls.id, extra: 1 }),
    'not a cursor',
  ]) {
    const refused = await call(
      'fairStartExport',
      { semesterId: semester.id, cursor },
      (await adminSession()).accessToken,
    );
    expect([refused.status, refused.body.error?.message]).toEqual([400, 'cursor: is not a valid cursor']);
  }

  const checked = await verified(record);
  expect(checked.stdout).toContain(`The order matches: seed "${published!.seed}" gives every rank of the record`);
  expect(checked.stdout).toContain('The seed is the one committed');
  expect(checked.code).toBe(0);
  // Two decisions swapped in the file: the line did not follow the draw.
  [decisions[1], decisions[2]] = [decisions[2]!, decisions[1]!];
  const tampered = await verified(record);
  expect(tampered.stdout).toContain(`- Line ${cls.id}: 2 of its 8 places were not given in the queue's order.`);
  expect(tampered.code).toBe(1);
});

test("given a fair start's draw, then its line is published in the draw's order once the draw came (by tags, not ids), never before, and each waiting page's place there is the one it is decided in", async () => {
  const families = await Promise.all(Array.from({ length: 5 }, (_, index) => familyWithStudents(1, `drawn${index}`)));
  // Registration opened 50 s ago, with a fair start of 1 minute: the draw is in 10 s.
  const semester = await openSemester({ registrationOpens: at(-50_000) });
  const cls = await newClass(semester.id, { capacity: 2 });
  expect((await saveSettings({ semesterId: semester.id, fairStart: { minutes: 1 } })).status).toBe(200);
  const drawAt = (await fairStartOf(semester))!.draws[0]!.drawAt;
  const payload = ({ students }: (typeof families)[number]) => ({ studentId: students[0]!.id, classId: cls.id });
  const requestIds = await Promise.all(
    families.map(async (family) => {
      const answer = await data<EnrollmentAnswer>('enroll', payload(family), family.family.accessToken);
      expect(answer.pending).toEqual({ drawAt, line: cls.id });
      return answer.requestId;
    }),
  );
  // Read past the edge's cache, as the draw comes.
  const drawnLine = () => data<DrawnLine>('drawnLine', { line: cls.id });
  const before = await drawnLine();
  expect(before).toEqual({ requests: [], decided: 0, readAt: expect.any(String) });
  expect(Date.parse(before.readAt)).toBeLessThan(Date.parse(drawAt));

  await new Promise((resolve) => setTimeout(resolve, Date.parse(drawAt) - Date.now() + 200));
  const drawn = await drawnLine();
  expect(Date.parse(drawn.readAt)).toBeGreaterThanOrEqual(Date.parse(drawAt));
  // Each tag is 8 hex digits of the request's id, no id shown whole.
  for (const tag of drawn.requests) expect(tag).toMatch(/^[0-9a-f]{8}$/);
  for (const id of requestIds) expect(JSON.stringify(drawn)).not.toContain(id.slice(id.indexOf('-') + 1));
  // Those decided since the draw (the schedule leads the line too) are counted, no longer listed.
  expect(drawn.decided + drawn.requests.length).toBe(families.length);
  const { seed } = (await fairStartOf(semester))!;
  const rank = (family: (typeof families)[number]) => sha256(`${seed}:${family.family.sub}`);
  const byRank = [...families].sort((a, b) => rank(a).localeCompare(rank(b)));
  expect(drawn.requests).toEqual(
    byRank.slice(drawn.decided).map((family) => requestTag(requestIds[families.indexOf(family)]!)),
  );

  // Decided in the order the drawn line tells (by the pages' asks, or the schedule's lead meanwhile): the first two
  // seated, the others waitlisted in their places.
  const decided = async (family: (typeof families)[number]): Promise<EnrollmentAnswer> => {
    const requestId = requestIds[families.indexOf(family)]!;
    for (;;) {
      // Asked again while in line, or answered "very busy" on a loaded machine, as the web app does.
      const answer = await call<EnrollmentAnswer>(
        'enrollmentRequest',
        { requestId, classId: cls.id },
        family.family.accessToken,
      );
      if (answer.status === 200 && !answer.body.data!.pending) return answer.body.data!;
      if (answer.status !== 200) expect(answer.body.error?.code).toBe('resource-exhausted');
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
    }
  };
  const answers = await Promise.all(byRank.map(decided));
  expect(answers.map((answer) => answer.enrollments[0]!)).toEqual([
    expect.objectContaining({ status: 'enrolled' }),
    expect.objectContaining({ status: 'enrolled' }),
    expect.objectContaining({ status: 'waitlisted', waitlistPosition: 1 }),
    expect.objectContaining({ status: 'waitlisted', waitlistPosition: 2 }),
    expect.objectContaining({ status: 'waitlisted', waitlistPosition: 3 }),
  ]);
});

test('given a fair start, then a family may have its request ready before the opening, told when the draw is; without one it is refused until the opening', async () => {
  const opens = at(60 * MINUTE);
  const [fair, plain] = await Promise.all([
    openSemester({ registrationOpens: opens }),
    openSemester({ registrationOpens: opens }),
  ]);
  const [fairClass, plainClass] = await Promise.all([newClass(fair.id), newClass(plain.id)]);
  expect((await saveSettings({ semesterId: fair.id, fairStart: { minutes: 5 } })).status).toBe(200);
  const { family, students } = await familyWithStudents(1, 'fairEarly');

  const ready = await call<EnrollmentAnswer>(
    'enroll',
    { studentId: students[0]!.id, classId: fairClass.id },
    family.accessToken,
  );
  expect(ready.status).toBe(200);
  expect(ready.body.data!.pending).toEqual({
    drawAt: new Date(Date.parse(opens) + 5 * MINUTE).toISOString(),
    line: fairClass.id,
  });
  // Asked again, it is still waiting for its draw, with no place told.
  const asked = await call<EnrollmentAnswer>(
    'enrollmentRequest',
    { requestId: ready.body.data!.requestId, classId: fairClass.id },
    family.accessToken,
  );
  expect(asked.body.data!.pending).toEqual(ready.body.data!.pending);

  const refused = await call('enroll', { studentId: students[0]!.id, classId: plainClass.id }, family.accessToken);
  expect(refused.status).toBe(409);
  expect(refused.body.error!.message).toBe(`Registration for ${plain.name} opens on ${programmeMoment(opens)}.`);
});

test('given a lottery, or no opening of registration, then a fair start is refused with the reason, and nothing is saved', async () => {
  const noOpening = await openSemester({ registrationOpens: undefined });
  const refused = await saveSettings({ semesterId: noOpening.id, fairStart: { minutes: 5 } });
  expect(refused.status).toBe(400);
  expect(refused.body.error!.message).toContain('fairStart: set when registration for');
  expect(await fairStartOf(noOpening)).toBeUndefined();
});
