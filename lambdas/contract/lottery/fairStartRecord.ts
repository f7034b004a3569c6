// A fair start's record: the decisions of a semester's enrollment requests, line by line in the order they were
// made, with each request's arrival and draw, and the seed once the last draw came. Anyone can check it with the
// seed alone (`npm run lottery:verify -- <record.json>`): every rank is SHA-256 of `<seed>:<familyId>`, and each
// line gave its seats and waitlist places in the queue's order. The rules here are the ones the portal follows:
// fairStart.ts ranks families with fairStartRank, and the queue (enrollmentRequests.ts) orders requests by
// queueMoment, then rank, then id. A request that reached its queue after the allocator had decided one that stands
// after it is placed right after the last one decided (`placedAfter`), in the order such requests were decided.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { seedCommitment } from './drawExport';

/** A family's rank in a fair start's draw with `seed` (hex): the draw puts the lower rank first. */
export const fairStartRank = (seed: string, familyId: string) =>
  createHash('sha256').update(`${seed}:${familyId}`).digest('hex');

/** What orders a request in its queue: its arrival, or its draw's moment and its family's rank. */
interface Queued {
  id: string;
  arrivedAt: number;
  draw?: { at: number; rank: string };
}

/** The moment that orders a request in its queue: its arrival, or for a request of a fair start, its draw's. */
export const queueMoment = (request: { arrivedAt: number; draw?: { at: number } }) =>
  request.draw ? request.draw.at - 1 : request.arrivedAt;

/** Digits of a moment in a queue's sort key: keys compare as strings. */
export const MOMENT_DIGITS = 15;

/**
 * A request's place in its queue, as its sort key gives it (after `REQUEST#`): its queue moment, then its rank in
 * a draw, then its id. No key begins with another.
 */
export const queueKey = (request: Queued) =>
  `${String(queueMoment(request)).padStart(MOMENT_DIGITS, '0')}#${request.draw ? `${request.draw.rank}#` : ''}${request.id}`;

/** The queue's order, as its sort key gives it: by queue moment, then by rank in a draw, then by request id. */
export function inQueueOrder(a: Queued, b: Queued): number {
  const [first, second] = [queueKey(a), queueKey(b)];
  return first < second ? -1 : first > second ? 1 : 0;
}

/**
 * Where a request decided late stands in its queue's order: right after `after` (the key of the last request
 * decided in its turn before it), the `index`th of those decided late after that one. It comes before every key
 * after `after`, since no key begins with another.
 */
export const lateKey = (after: string, index: number) => `${after}#${String(index).padStart(MOMENT_DIGITS, '0')}`;

const moment = z.number().check(z.int(), z.gte(0));

/** One decision as recorded: the request, how it stood in its queue, and its outcome. Moments in epoch ms. */
const recordedDecision = z.strictObject({
  decidedAt: moment,
  requestId: z.string(),
  familyId: z.string(),
  studentId: z.string(),
  classIds: z.array(z.string()),
  groupId: z.optional(z.string()),
  arrivedAt: moment,
  draw: z.optional(z.strictObject({ opening: z.string(), at: moment, rank: z.string() })),
  outcome: z.enum(['enrolled', 'waitlisted', 'refused']),
  /**
   * The request decided in its turn last before this one, when this one stands before it in the queue: it reached
   * its queue after that one was decided (its call took longer than the allocator waited), and was placed after it.
   */
  placedAfter: z.optional(z.string()),
  /** A refusal's code (the family was told its message). */
  refusal: z.optional(z.string()),
});
export type RecordedDecision = z.infer<typeof recordedDecision>;

export const fairStartRecord = z.strictObject({
  kind: z.literal('fairStart'),
  semesterId: z.string(),
  semesterName: z.string(),
  minutes: z.number(),
  seed: z.string(),
  commitments: z.array(seedCommitment),
  draws: z.array(z.strictObject({ name: z.string(), opening: z.string(), drawAt: z.string() })),
  /** Each line's decisions in the order they were made. */
  lines: z.array(z.strictObject({ line: z.string(), decisions: z.array(recordedDecision) })),
});
export type FairStartRecord = z.infer<typeof fairStartRecord>;

const iso = (ms: number) => new Date(ms).toISOString();

/** What is wrong with a decision's draw, by the seed: its rank, its draw, a request made after the draw. */
function drawDifferences(seed: string, draws: ReadonlySet<string>, decision: RecordedDecision): string[] {
  const { draw, requestId, familyId } = decision;
  if (!draw) return [];
  const rank = fairStartRank(seed, familyId);
  return [
    ...(draw.rank === rank
      ? []
      : [`Request ${requestId} of family ${familyId}: the seed gives rank ${rank}, the record says ${draw.rank}.`]),
    ...(draws.has(`${draw.opening} ${draw.at}`)
      ? []
      : [`Request ${requestId}: its draw (opening ${draw.opening}, at ${iso(draw.at)}) is none of the fair start's.`]),
    ...(decision.arrivedAt < draw.at
      ? []
      : [`Request ${requestId} arrived at ${iso(decision.arrivedAt)}, not before its draw at ${iso(draw.at)}.`]),
  ];
}

/**
 * Whether a line gave its seats and waitlist places in the queue's order, ranks recomputed from the seed (a rank in
 * the record is never trusted): where it first did not. A refusal takes no place, and is decided as soon as the
 * allocator reads it, ahead of requests still to be placed: refusals are not in the order. A request placed after
 * another (it reached its queue late) stands right after that one, and must indeed stand before it in the queue.
 */
function orderDifference(seed: string, line: string, decisions: RecordedDecision[]): string[] {
  const differences: string[] = [];
  const keys = new Map<string, string>();
  const lateAfter = new Map<string, number>();
  const placed = decisions
    .filter((decision) => decision.outcome !== 'refused')
    .map((decision) => {
      const queued: Queued = {
        id: decision.requestId,
        arrivedAt: decision.arrivedAt,
        ...(decision.draw && { draw: { at: decision.draw.at, rank: fairStartRank(seed, decision.familyId) } }),
      };
      const own = queueKey(queued);
      const after = decision.placedAfter === undefined ? undefined : keys.get(decision.placedAfter);
      if (decision.placedAfter !== undefined && (after === undefined || own > after))
        differences.push(
          `Line ${line}: request ${decision.requestId} is recorded as placed after request ${decision.placedAfter}, ` +
            (after === undefined
              ? 'which the line did not place before it.'
              : 'but stands after it in the queue anyway.'),
        );
      const index = after === undefined ? 0 : (lateAfter.get(after) ?? 0) + 1;
      if (after !== undefined) lateAfter.set(after, index);
      const key = after === undefined ? own : lateKey(after, index);
      keys.set(decision.requestId, key);
      return { decision, queued, key };
    });
  const queue = [...placed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out = placed.filter((entry, index) => queue[index] !== entry).length;
  const first = placed.findIndex((entry, index) => queue[index] !== entry);
  if (first === -1) return differences;
  const [given, due] = [placed[first]!.queued, queue[first]!.queued];
  const stood = due.draw
    ? `in the draw at ${iso(due.draw.at)}, rank ${due.draw.rank}`
    : `arrived ${iso(due.arrivedAt)}`;
  return [
    ...differences,
    `Line ${line}: ${out} of its ${placed.length} places were not given in the queue's order. Place ${first + 1} ` +
      `went to request ${given.id}; the queue puts request ${due.id} there (${stood}).`,
  ];
}

export type Verification = { matches: true } | { matches: false; differences: string[] };

/**
 * Checks a fair start's record with its seed: each rank is the seed's for its family, each draw is one of the
 * fair start's and came after its request, and each line placed its requests in the queue's order. Whether the
 * seed is the one committed is commitmentCheck's (drawExport.ts).
 */
export function verifyFairStartRecord(record: FairStartRecord): Verification {
  const draws = new Set(record.draws.map((draw) => `${draw.opening} ${Date.parse(draw.drawAt)}`));
  const differences = record.lines.flatMap(({ line, decisions }) => {
    return [
      ...decisions.flatMap((decision) => drawDifferences(record.seed, draws, decision)),
      ...orderDifference(record.seed, line, decisions),
    ];
  });
  return differences.length ? { matches: false, differences } : { matches: true };
}
