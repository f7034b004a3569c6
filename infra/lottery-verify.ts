// `npm run lottery:verify -- <export.json>`: runs a published lottery draw again from its export (its seed
// and inputs) and says whether it gives exactly the published result, and whether the seed is the one committed
// before the draw (its SHA-256 is the export's last commitment, the one families saw). Exit code 0 when both
// hold, 1 when one does not, 2 when the file is not a draw's export.
import { readFileSync } from 'node:fs';
import { commitmentCheck, drawExport, verifyExport } from '../lambdas/lottery/drawExport';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run lottery:verify -- <export.json>');
  process.exit(2);
}

let parsed: ReturnType<typeof drawExport.safeParse>;
try {
  parsed = drawExport.safeParse(JSON.parse(readFileSync(file, 'utf8')));
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
if (!parsed.success) {
  const [issue] = parsed.error.issues;
  console.error(`${file} is not a lottery draw's export: ${issue?.path.join('.')} ${issue?.message}`);
  process.exit(2);
}

const { input, result, commitments } = parsed.data;
const verification = verifyExport({ input, result });
if (verification.matches) {
  console.log(
    `The result matches: seed "${input.seed}" gives exactly the published placements of ${result.placements.length} request(s).`,
  );
} else {
  console.log(`The result does NOT match what seed "${input.seed}" gives:`);
  for (const difference of verification.differences.slice(0, 20)) console.log(`- ${difference}`);
  if (verification.differences.length > 20) console.log(`… and ${verification.differences.length - 20} more.`);
}
const committed = commitmentCheck({ input, ...(commitments && { commitments }) });
if (committed.matches) {
  const { commitment, count } = committed;
  console.log(
    `The seed is the one committed: its SHA-256 is ${commitment.hash}, commitment ${count} of ${count}, made ${commitment.committedAt}.`,
  );
} else console.log(`The seed is NOT the one committed: ${committed.difference}`);
if (!verification.matches || !committed.matches) process.exit(1);
