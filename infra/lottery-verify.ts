// `npm run lottery:verify -- <file.json>`: checks a lottery draw's export or a fair start's record with its seed.
// A draw's export: runs the published draw again from its input and says whether it gives exactly the published
// result. A fair start's record (`kind: "fairStart"`): recomputes every family's rank from the seed and says whether
// each line gave its seats and waitlist places in the queue's order. Both: whether the seed is the one committed
// before the draw (its SHA-256 is the last commitment, the one families saw). Exit code 0 when all holds, 1 when
// something does not, 2 when the file is neither.
import { readFileSync } from 'node:fs';
import type * as z from 'zod/mini';
import { commitmentCheck, drawExport, verifyExport } from '../lambdas/contract/lottery/drawExport';
import { fairStartRecord, verifyFairStartRecord } from '../lambdas/contract/lottery/fairStartRecord';
import type { SeedCommitment } from '../lambdas/contract/records';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run lottery:verify -- <file.json>');
  process.exit(2);
}

let content: unknown;
try {
  content = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}

/** The file as `schema` reads it, or the end of the command when it is not one (`what`). */
function parsed<T>(schema: z.ZodMiniType<T>, what: string): T {
  const outcome = schema.safeParse(content);
  if (outcome.success) return outcome.data;
  const [issue] = outcome.error.issues;
  console.error(`${file} is not ${what}: ${issue?.path.join('.')} ${issue?.message}`);
  return process.exit(2);
}

function printDifferences(differences: string[]) {
  for (const difference of differences.slice(0, 20)) console.log(`- ${difference}`);
  if (differences.length > 20) console.log(`… and ${differences.length - 20} more.`);
}

/** Says whether `seed` is the one committed last; true when it is. */
function printCommitment(seed: string, commitments?: SeedCommitment[]): boolean {
  const committed = commitmentCheck({ input: { seed }, ...(commitments && { commitments }) });
  if (committed.matches) {
    const { commitment, count } = committed;
    console.log(
      `The seed is the one committed: its SHA-256 is ${commitment.hash}, commitment ${count} of ${count}, made ${commitment.committedAt}.`,
    );
  } else console.log(`The seed is NOT the one committed: ${committed.difference}`);
  return committed.matches;
}

function verifyDraw(): boolean {
  const { input, result, commitments } = parsed(drawExport, "a lottery draw's export");
  const verification = verifyExport({ input, result });
  if (verification.matches) {
    console.log(
      `The result matches: seed "${input.seed}" gives exactly the published placements of ${result.placements.length} request(s).`,
    );
  } else {
    console.log(`The result does NOT match what seed "${input.seed}" gives:`);
    printDifferences(verification.differences);
  }
  return printCommitment(input.seed, commitments) && verification.matches;
}

function verifyFairStart(): boolean {
  const record = parsed(fairStartRecord, "a fair start's record");
  const verification = verifyFairStartRecord(record);
  const decisions = record.lines.flatMap((line) => line.decisions);
  const refused = decisions.filter((decision) => decision.outcome === 'refused').length;
  if (verification.matches) {
    console.log(
      `The order matches: seed "${record.seed}" gives every rank of the record, and each of its ${record.lines.length} ` +
        `line(s) gave its places in the queue's order (${decisions.length} decision(s), ${refused} of them refusals).`,
    );
  } else {
    console.log(`The record does NOT match what seed "${record.seed}" gives:`);
    printDifferences(verification.differences);
  }
  return printCommitment(record.seed, record.commitments) && verification.matches;
}

const isFairStart = (content as { kind?: unknown } | null)?.kind === 'fairStart';
if (!(isFairStart ? verifyFairStart() : verifyDraw())) process.exit(1);
