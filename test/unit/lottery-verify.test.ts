// Checking a published draw from its export (lambdas/contract/lottery/drawExport.ts, `npm run lottery:verify`): the
// export of a real draw matches; a result changed after the draw, or published under another seed, does not,
// and the command says which child's placement differs; a seed whose SHA-256 is not the export's last
// commitment, or an export without commitments, fails too.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type DrawInput, runDraw } from '../../lambdas/contract/lottery/draw';
import { commitmentCheck, type DrawExport, seedHash, verifyExport } from '../../lambdas/contract/lottery/drawExport';

const input: DrawInput = {
  seed: '5f1c0a7e',
  weighted: true,
  classes: [
    { id: 'nordic', seatsLeft: 2 },
    { id: 'climbing', seatsLeft: 1, minGrade: 3, maxGrade: 8 },
  ],
  groups: [{ id: 'pack', classIds: ['nordic', 'climbing'] }],
  families: [
    { id: 'lee', keepTogether: true, losses: 1 },
    { id: 'ortiz', keepTogether: false, losses: 0 },
  ],
  requests: [
    { familyId: 'lee', studentId: 'ava', grade: 4, choices: [{ kind: 'class', id: 'nordic' }] },
    { familyId: 'lee', studentId: 'ben', grade: 6, choices: [{ kind: 'class', id: 'nordic' }] },
    {
      familyId: 'ortiz',
      studentId: 'cruz',
      grade: 5,
      choices: [
        { kind: 'group', id: 'pack' },
        { kind: 'class', id: 'climbing' },
      ],
    },
  ],
};
const committed = { hash: seedHash(input.seed), committedAt: '2026-01-05T09:00:00.000Z' };
const published: DrawExport = { input, result: runDraw(input), commitments: [committed] };

/** The published export with one child's outcome turned the other way. */
function tampered(): DrawExport {
  const copy = structuredClone(published);
  const placement = copy.result.placements[0]!;
  placement.outcome = placement.outcome === 'enrolled' ? 'waitlisted' : 'enrolled';
  return copy;
}

test('the export of a draw matches when run again', () => {
  expect(verifyExport(structuredClone(published))).toEqual({ matches: true });
});

test('a result changed after the draw does not match, and the difference names the child', () => {
  const verification = verifyExport(tampered());
  expect(verification.matches).toBe(false);
  expect(!verification.matches && verification.differences).toEqual([
    expect.stringContaining(`Student ${published.result.placements[0]!.studentId}: the seed gives`),
  ]);
});

test('a result published under another seed than the one exported does not match', () => {
  const other = runDraw({ ...input, seed: 'another seed' });
  // Under some seeds the result is the same: this one gives a different order (checked here, not assumed).
  expect(other.order).not.toEqual(published.result.order);
  expect(verifyExport({ input, result: other }).matches).toBe(false);
});

test("the seed's SHA-256 is the last commitment, the one the draw ran with", () => {
  // What `printf %s 5f1c0a7e | sha256sum` prints.
  expect(committed.hash).toBe('8f494c379f6be9e8d9e7820ab86da955fdd9032dfe99f460fa3b1c6c38055c00');
  expect(commitmentCheck(published)).toEqual({ matches: true, commitment: committed, count: 1 });
  const replaced = { hash: seedHash('the replaced seed'), committedAt: '2026-01-02T09:00:00.000Z' };
  const recommitted = { ...committed, reason: 'The capacities were wrong.' };
  expect(commitmentCheck({ input, commitments: [replaced, recommitted] })).toEqual({
    matches: true,
    commitment: recommitted,
    count: 2,
  });
  // The draw ran with the replaced seed's commitment last, or with none.
  expect(commitmentCheck({ input, commitments: [committed, replaced] })).toEqual({
    matches: false,
    difference: `its SHA-256 is ${committed.hash}, not the last commitment, ${replaced.hash}: the draw did not run with the committed seed.`,
  });
  expect(commitmentCheck({ input }).matches).toBe(false);
});

describe('npm run lottery:verify', () => {
  const run = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), 'lottery-verify-'));
  const verify = async (file: string) =>
    run(process.execPath, ['--import', 'tsx', 'infra/lottery-verify.ts', file]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout + error.stderr,
      }),
    );
  const write = (name: string, content: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  test('says the result matches and the seed is the one committed, and exits 0', async () => {
    const { code, stdout } = await verify(write('published.json', { semesterId: 'winter', ...published }));
    expect(stdout).toContain(
      'The result matches: seed "5f1c0a7e" gives exactly the published placements of 3 request(s).',
    );
    expect(stdout).toContain(
      `The seed is the one committed: its SHA-256 is ${committed.hash}, commitment 1 of 1, made ${committed.committedAt}.`,
    );
    expect(code).toBe(0);
  }, 30_000);

  test('a seed that is not the one committed, or no commitment, exits 1 though the result matches', async () => {
    const other = { hash: seedHash('another seed'), committedAt: committed.committedAt };
    const wrong = await verify(write('recommitted.json', { ...published, commitments: [committed, other] }));
    expect(wrong.stdout).toContain('The result matches');
    expect(wrong.stdout).toContain(
      `The seed is NOT the one committed: its SHA-256 is ${committed.hash}, not the last commitment, ${other.hash}`,
    );
    expect(wrong.code).toBe(1);
    const { commitments: _commitments, ...uncommitted } = published;
    const none = await verify(write('uncommitted.json', uncommitted));
    expect(none.stdout).toContain('The seed is NOT the one committed: the export holds no commitment to its seed');
    expect(none.code).toBe(1);
  }, 30_000);

  test('says which placement differs, and exits 1; a file that is not an export exits 2', async () => {
    const changed = await verify(write('changed.json', tampered()));
    expect(changed.stdout).toContain('The result does NOT match what seed "5f1c0a7e" gives:');
    expect(changed.code).toBe(1);
    const wrong = await verify(write('wrong.json', { input: { seed: 7 } }));
    expect(wrong.stdout).toContain("is not a lottery draw's export");
    expect(wrong.code).toBe(2);
  }, 30_000);
});
