// Checking a fair start's record with its seed (lambdas/contract/lottery/fairStartRecord.ts, `npm run lottery:verify`): a
// record whose lines placed their requests in the queue's order, ranks by the seed, matches; two decisions swapped,
// another seed, a forged rank, a draw that is not the fair start's or a request made after its draw do not, and
// the command says where. Refusals take no place, and may come before requests ahead of them.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seedHash } from '../../lambdas/contract/lottery/drawExport';
import {
  type FairStartRecord,
  fairStartRank,
  inQueueOrder,
  type RecordedDecision,
  verifyFairStartRecord,
} from '../../lambdas/contract/lottery/fairStartRecord';

const seed = '3a9c0e51d2b74f68a1c0e5d2b74f68a1';
const opening = '2027-01-10T08:00:00.000Z';
const drawAt = Date.parse(opening) + 5 * 60_000;
const draw = { name: 'Registration for everyone', opening, drawAt: new Date(drawAt).toISOString() };

let decided = drawAt + 1000;
/** A decision of the line's, in the record's order: each decided a moment after the one before. */
function decision(familyId: string, arrivedAt: number, outcome: RecordedDecision['outcome']): RecordedDecision {
  decided += 10;
  return {
    decidedAt: decided,
    requestId: `${arrivedAt}-${familyId}`,
    familyId,
    studentId: `child-of-${familyId}`,
    classIds: ['nordic'],
    arrivedAt,
    ...(arrivedAt < drawAt && { draw: { opening, at: drawAt, rank: fairStartRank(seed, familyId) } }),
    outcome,
    ...(outcome === 'refused' && { refusal: 'already-exists' }),
  };
}

// Five families in the draw, one of them refused (decided first, as soon as the allocator read it), and one after.
const inDraw = ['lee', 'ortiz', 'nakamura', 'haddad', 'kowalski'].sort((a, b) =>
  fairStartRank(seed, a).localeCompare(fairStartRank(seed, b)),
);
const record: FairStartRecord = {
  kind: 'fairStart',
  semesterId: 'winter',
  semesterName: 'Winter',
  minutes: 5,
  seed,
  commitments: [{ hash: seedHash(seed), committedAt: '2027-01-02T09:00:00.000Z' }],
  draws: [draw],
  lines: [
    {
      line: 'nordic',
      decisions: [
        decision(inDraw[3]!, drawAt - 200_000, 'refused'),
        ...[0, 1, 2, 4].map((index) => decision(inDraw[index]!, drawAt - 1000 * (index + 1), 'enrolled')),
        decision('late', drawAt + 20, 'waitlisted'),
      ],
    },
  ],
};

/** The record with the line's decisions `a` and `b` swapped. */
function swapped(a: number, b: number): FairStartRecord {
  const copy = structuredClone(record);
  const decisions = copy.lines[0]!.decisions;
  [decisions[a], decisions[b]] = [decisions[b]!, decisions[a]!];
  return copy;
}

test("a record whose line placed its requests by the draw's ranks, then by arrival, matches", () => {
  expect(verifyFairStartRecord(structuredClone(record))).toEqual({ matches: true });
});

test('two decisions swapped do not match, and the difference names the line and the request the queue puts there', () => {
  const verification = verifyFairStartRecord(swapped(1, 2));
  const [first, second] = record.lines[0]!.decisions.slice(1, 3);
  expect(verification).toEqual({
    matches: false,
    differences: [
      `Line nordic: 2 of its 5 places were not given in the queue's order. Place 1 went to request ${second!.requestId}; ` +
        `the queue puts request ${first!.requestId} there (in the draw at ${draw.drawAt}, rank ${first!.draw!.rank}).`,
    ],
  });
});

test('a refusal decided before requests ahead of it matches: it takes no place', () => {
  // The refused request stands fourth in the draw; decided last instead of first, it still matches.
  const copy = structuredClone(record);
  const decisions = copy.lines[0]!.decisions;
  decisions.push(decisions.shift()!);
  expect(verifyFairStartRecord(copy)).toEqual({ matches: true });
});

test('a request decided after a later one, recorded as placed after it (it reached its queue late), matches; not recorded so, or recorded so without standing before it, it does not', () => {
  const copy = structuredClone(record);
  const decisions = copy.lines[0]!.decisions;
  // The draw's last family reached the queue after the arrival behind the draw had been decided.
  const [reachedLate] = decisions.splice(4, 1);
  const arrival = decisions.at(-1)!;
  decisions.push({ ...reachedLate!, placedAfter: arrival.requestId });
  expect(verifyFairStartRecord(copy)).toEqual({ matches: true });

  const unmarked = structuredClone(copy);
  delete unmarked.lines[0]!.decisions.at(-1)!.placedAfter;
  expect(verifyFairStartRecord(unmarked).matches).toBe(false);

  const claimed = structuredClone(record);
  const [, first, second, third] = claimed.lines[0]!.decisions;
  second!.placedAfter = first!.requestId;
  third!.placedAfter = 'no-such-request';
  expect(verifyFairStartRecord(claimed)).toEqual({
    matches: false,
    differences: [
      `Line nordic: request ${second!.requestId} is recorded as placed after request ${first!.requestId}, but stands after it in the queue anyway.`,
      `Line nordic: request ${third!.requestId} is recorded as placed after request no-such-request, which the line did not place before it.`,
    ],
  });
});

test('under another seed, every rank differs and the order may too', () => {
  const verification = verifyFairStartRecord({ ...structuredClone(record), seed: 'another seed' });
  expect(verification.matches).toBe(false);
  const differences = verification.matches ? [] : verification.differences;
  for (const familyId of inDraw)
    expect(differences).toContainEqual(
      expect.stringContaining(`of family ${familyId}: the seed gives rank ${fairStartRank('another seed', familyId)}`),
    );
});

test('a forged rank is found, and a rank forged to justify an order is not trusted', () => {
  const forged = structuredClone(record);
  const lee = forged.lines[0]!.decisions.find((entry) => entry.familyId === inDraw[4])!;
  lee.draw!.rank = '0'.repeat(64);
  expect(verifyFairStartRecord(forged)).toEqual({
    matches: false,
    differences: [
      `Request ${lee.requestId} of family ${inDraw[4]}: the seed gives rank ${fairStartRank(seed, inDraw[4]!)}, the record says ${'0'.repeat(64)}.`,
    ],
  });
  // The same family placed first, as its forged rank would have it: the ranks are the seed's, so the order is wrong.
  const decisions = forged.lines[0]!.decisions;
  decisions.splice(1, 0, decisions.splice(decisions.indexOf(lee), 1)[0]!);
  const verification = verifyFairStartRecord(forged);
  expect(verification.matches || verification.differences).toEqual([
    expect.stringContaining('the seed gives rank'),
    expect.stringContaining(`Place 1 went to request ${lee.requestId}`),
  ]);
});

test("a draw that is none of the fair start's, or a request made after its draw, does not match", () => {
  const copy = structuredClone(record);
  const [, first, second] = copy.lines[0]!.decisions;
  first!.draw!.opening = '2027-01-10T07:00:00.000Z';
  second!.arrivedAt = drawAt + 5;
  const verification = verifyFairStartRecord(copy);
  expect(verification.matches || verification.differences).toEqual([
    `Request ${first!.requestId}: its draw (opening 2027-01-10T07:00:00.000Z, at ${draw.drawAt}) is none of the fair start's.`,
    `Request ${second!.requestId} arrived at ${new Date(drawAt + 5).toISOString()}, not before its draw at ${draw.drawAt}.`,
  ]);
});

test("the queue's order: by the moment it stands at, then by rank in a draw, then by request id", () => {
  const requests = [
    { id: '30-c', arrivedAt: 30 },
    { id: '40-b', arrivedAt: 40, draw: { at: 51, rank: 'b0' } },
    { id: '10-a', arrivedAt: 10, draw: { at: 51, rank: 'a9' } },
    { id: '20-a', arrivedAt: 20, draw: { at: 51, rank: 'a9' } },
    { id: '51-d', arrivedAt: 51 },
    { id: '49-e', arrivedAt: 49 },
  ];
  expect([...requests].sort(inQueueOrder).map((request) => request.id)).toEqual([
    '30-c',
    '49-e',
    '10-a',
    '20-a',
    '40-b',
    '51-d',
  ]);
});

describe("npm run lottery:verify with a fair start's record", () => {
  const run = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), 'fair-start-verify-'));
  const verify = async (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    return run(process.execPath, ['--import', 'tsx', 'infra/lottery-verify.ts', file]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout + error.stderr,
      }),
    );
  };

  test('says the order matches and the seed is the one committed, and exits 0', async () => {
    const { code, stdout } = await verify('record.json', record);
    expect(stdout).toContain(
      `The order matches: seed "${seed}" gives every rank of the record, and each of its 1 line(s) gave its places ` +
        "in the queue's order (6 decision(s), 1 of them refusals).",
    );
    expect(stdout).toContain(`The seed is the one committed: its SHA-256 is ${seedHash(seed)}, commitment 1 of 1`);
    expect(code).toBe(0);
  }, 30_000);

  test('says where two swapped decisions differ, and exits 1; a seed not committed exits 1 too', async () => {
    const changed = await verify('swapped.json', swapped(2, 3));
    expect(changed.stdout).toContain(`The record does NOT match what seed "${seed}" gives:`);
    expect(changed.stdout).toContain("- Line nordic: 2 of its 5 places were not given in the queue's order.");
    expect(changed.code).toBe(1);
    const other = { hash: seedHash('another seed'), committedAt: '2027-01-03T09:00:00.000Z' };
    const recommitted = await verify('recommitted.json', { ...record, commitments: [...record.commitments, other] });
    expect(recommitted.stdout).toContain('The order matches');
    expect(recommitted.stdout).toContain(`The seed is NOT the one committed: its SHA-256 is ${seedHash(seed)}`);
    expect(recommitted.code).toBe(1);
  }, 30_000);

  test('a record that is not one exits 2', async () => {
    const { lines: _lines, ...noLines } = record;
    const wrong = await verify('wrong.json', noLines);
    expect(wrong.stdout).toContain("is not a fair start's record: lines");
    expect(wrong.code).toBe(2);
  }, 30_000);
});
