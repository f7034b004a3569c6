// A draw's export: what anyone needs to run it again (its input, seed included), the result that was
// published, and the commitments to the seed families saw before the draw. `npm run lottery:verify --
// <export.json>` reads one; administrators download it from the draw's page once it is published.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { SeedCommitment } from '../records';
import { type DrawInput, type DrawResult, runDraw } from './draw';

const choice = z.strictObject({ kind: z.enum(['class', 'group']), id: z.string() });
const count = z.number().check(z.int(), z.gte(0));

const drawInput = z.strictObject({
  seed: z.string(),
  weighted: z.boolean(),
  classes: z.array(
    z.strictObject({ id: z.string(), seatsLeft: count, minGrade: z.optional(z.int()), maxGrade: z.optional(z.int()) }),
  ),
  groups: z.array(z.strictObject({ id: z.string(), classIds: z.array(z.string()) })),
  families: z.array(z.strictObject({ id: z.string(), keepTogether: z.boolean(), losses: count })),
  requests: z.array(
    z.strictObject({
      familyId: z.string(),
      studentId: z.string(),
      grade: z.optional(z.int()),
      choices: z.array(choice),
    }),
  ),
});

const drawResult = z.strictObject({
  order: z.array(z.string()),
  placements: z.array(
    z.strictObject({
      familyId: z.string(),
      studentId: z.string(),
      outcome: z.enum(['enrolled', 'waitlisted', 'unplaced']),
      choice: z.optional(choice),
      rank: z.optional(z.int()),
      unit: z.string(),
    }),
  ),
  seatsLeft: z.record(z.string(), z.int()),
});

export const seedCommitment = z.strictObject({
  hash: z.string(),
  committedAt: z.string(),
  reason: z.optional(z.string()),
});

/** The export's own fields besides the draw: which semester and draw, and when it was published. */
export const drawExport = z.looseObject({
  input: drawInput,
  result: drawResult,
  // Absent in the export of a draw run before seeds were committed.
  commitments: z.optional(z.array(seedCommitment)),
});
export interface DrawExport {
  input: DrawInput;
  result: DrawResult;
  /** The commitments to the seed, oldest first: the draw ran with the seed of the last. */
  commitments?: SeedCommitment[];
}

export type Verification = { matches: true } | { matches: false; differences: string[] };

/** Runs the export's draw again and compares it with the published result, placement by placement. */
export function verifyExport(exported: DrawExport): Verification {
  const again = runDraw(exported.input);
  const published = exported.result;
  const differences: string[] = [];
  if (again.order.join('\n') !== published.order.join('\n')) differences.push('The draw order differs.');
  const mine = new Map(again.placements.map((placement) => [placement.studentId, placement]));
  const theirs = new Map(published.placements.map((placement) => [placement.studentId, placement]));
  for (const studentId of new Set([...mine.keys(), ...theirs.keys()])) {
    const [expected, found] = [mine.get(studentId), theirs.get(studentId)];
    if (!expected) differences.push(`Student ${studentId} is in the result but made no request.`);
    else if (!found) differences.push(`Student ${studentId} made a request but is not in the result.`);
    else if (JSON.stringify(placementText(expected)) !== JSON.stringify(placementText(found)))
      differences.push(
        `Student ${studentId}: the seed gives ${placementText(expected)}, the result says ${placementText(found)}.`,
      );
  }
  if (!differences.length && JSON.stringify(again) !== JSON.stringify(published))
    differences.push('The placements are listed in another order, or the seats left differ.');
  return differences.length ? { matches: false, differences } : { matches: true };
}

function placementText({ outcome, choice, rank }: DrawResult['placements'][number]): string {
  return choice ? `${outcome} (${choice.kind} ${choice.id}, choice ${rank})` : outcome;
}

/** The commitment to a seed: its SHA-256 in hexadecimal, what `printf %s <seed> | sha256sum` prints. */
export const seedHash = (seed: string) => createHash('sha256').update(seed).digest('hex');

export type CommitmentCheck =
  | { matches: true; commitment: SeedCommitment; count: number }
  | { matches: false; difference: string };

/** Whether the export's seed is the one committed: its SHA-256 (hex) is the last commitment. */
export function commitmentCheck({
  input,
  commitments = [],
}: {
  input: Pick<DrawInput, 'seed'>;
  commitments?: SeedCommitment[];
}): CommitmentCheck {
  const last = commitments.at(-1);
  if (!last)
    return {
      matches: false,
      difference: 'the export holds no commitment to its seed: nothing shows the seed was chosen before the draw.',
    };
  const hash = seedHash(input.seed);
  return hash === last.hash
    ? { matches: true, commitment: last, count: commitments.length }
    : {
        matches: false,
        difference: `its SHA-256 is ${hash}, not the last commitment, ${last.hash}: the draw did not run with the committed seed.`,
      };
}
