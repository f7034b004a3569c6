// A line's milestones (`QUEUE#LINE#<line> / MILESTONES`): the sort key of every MILESTONE_STEP-th request pending in
// its queue when it was last read whole, and how many of the line's requests had been decided by then. A request's
// place is told from the milestone before it: the requests that stood ahead of that one, less those decided since,
// and a count of the few between it and the request. Counting every request ahead made each answer's read linear in
// its place: at a fair start's draw about 7,600 waiting pages asked within 30 s, each counting up to 1,700 requests,
// and the local engine answered none of them in time (the `fair` benchmark, 2026-11-27). In AWS the most wanted
// line's counts would pass a partition's read capacity at a district's size.
//
// The line's lease holder keeps them (allocator.ts), the one reader of a long line whole: when every call that found
// none read the queue and wrote them, a rush of 201 enrolls on a loaded machine answered 141 "very busy" (0 to 11 when
// each counted the requests ahead, as before milestones), and a claim so that one call at a time did it still cost a
// write per call that came in the same moment (each 1.5 s on the local engine, queued with the allocator's).
import { entity } from '../platform/entity';

/** Requests between two milestones: a place costs a count of at most twice as many. */
export const MILESTONE_STEP = 25;
/** The most requests counted from a milestone: past it, the request stands in a tail the milestones do not cover yet. */
export const MAX_COUNTED = 2 * MILESTONE_STEP;
/**
 * How long milestones tell places: a request placed late (decision 42) stands before them uncounted, one
 * place too few for those behind it, until the line is read whole again.
 */
const MILESTONES_FRESH_MS = 30_000;
/** How often the lease holder reads a long line whole: new requests behind the milestones' reach are counted whole. */
export const MILESTONES_RENEW_MS = 10_000;

export interface LineMilestones {
  queue: string;
  /** The sort keys of the 1st, (STEP + 1)th, (2 · STEP + 1)th… request pending when the queue was read. */
  keys: string[];
  /** The line's tally of decided requests (the lease's) just after the queue was read. */
  decided: number;
  readAt: number;
}

const milestonesEntity = entity<LineMilestones, Pick<LineMilestones, 'queue'>>({
  type: 'lineMilestones',
  key: { partition: ({ queue }) => queue, sort: 'MILESTONES' },
  read: (item) => ({
    queue: item.string('PK'),
    keys: item.strings('keys'),
    decided: item.number('decided'),
    readAt: item.number('readAt'),
  }),
  write: ({ keys, decided, readAt }) => ({ keys, decided, readAt }),
});

/** The line's milestones as kept, fresh or not. */
export function keptMilestones(queue: string): Promise<LineMilestones | undefined> {
  return milestonesEntity.get({ queue }, { consistent: false });
}

/** Whether milestones were read recently enough to tell places from. */
export const areFresh = (milestones: LineMilestones, now = Date.now()) => now - milestones.readAt < MILESTONES_FRESH_MS;

/** The milestones among the sort keys of a queue's pending requests, in order: every MILESTONE_STEP-th, from the first. */
export const milestonesOf = (keys: string[]) => keys.filter((_, index) => index % MILESTONE_STEP === 0);

/** Keeps the milestones of a queue read whole: `keys`, the sort keys of its pending requests in order. */
export async function keepMilestones(queue: string, keys: string[], decided: number, now = Date.now()): Promise<void> {
  await milestonesEntity.put({ queue, keys: milestonesOf(keys), decided, readAt: now });
}

/**
 * The last milestone at or before the sort key `own`, and how many requests stood ahead of it when the queue was
 * read; undefined when `own` stands before the first (a request placed late since: counted from the line's start).
 */
export function milestoneBefore(milestones: Pick<LineMilestones, 'keys'>, own: string) {
  let [low, high] = [0, milestones.keys.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (milestones.keys[middle]! <= own) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : { key: milestones.keys[low - 1]!, ahead: (low - 1) * MILESTONE_STEP };
}

/**
 * A place told from a milestone: the `ahead` requests before it when the queue was read, less the `decidedSince`
 * (the line is decided in its order, from the front), and the requests `counted` from the milestone to the
 * request, both included.
 */
export const placeFrom = (ahead: number, decidedSince: number, counted: number) =>
  Math.max(1, Math.max(0, ahead - decidedSince) + counted);
