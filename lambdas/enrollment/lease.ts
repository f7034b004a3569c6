// A queue's lease (`QUEUE#… / LEASE`): one allocator at a time decides the queue, whichever function instance it
// runs in; a lost lease stops its holder's next transaction. It also keeps the pace seen and the queue's tally.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../platform/dynamo';
import type { TransactItem } from '../platform/transact';
import { entity, optional, type StoredItem } from '../platform/entity';

/**
 * How long a lease lasts unless renewed: a holder that stops (a function timing out) holds up its queue
 * this long. A lease that lapses while its holder's batch is still being written lets another caller lead
 * meanwhile, and the batch fails on the lease: on a slow table every batch would. So a lease lasts
 * LEASE_MS, or LEASE_STEPS times the slowest batch seen lately when that is longer, and twice the length
 * of one that lapsed while still held (its holder overran it), up to MAX_LEASE_MS.
 */
export const LEASE_MS = 3000;
const LEASE_STEPS = 4;
export const MAX_LEASE_MS = 20_000;

/** The length of a lease (see LEASE_MS), from the slowest batch seen lately and the length of one that lapsed while held. */
export function leaseLength(slowestBatchMs: number, lapsedLeaseMs = 0): number {
  return Math.min(MAX_LEASE_MS, Math.max(LEASE_MS, LEASE_STEPS * slowestBatchMs, 2 * lapsedLeaseMs));
}

/**
 * The queue's lease: who decides the queue now and until when, the pace its holders saw, and the last request
 * they decided in its turn (a request that stands before it in the queue and is decided after it reached the queue
 * later than the allocator waited for it: it is placed after that one).
 */
interface Lease {
  queue: string;
  owner?: string;
  leaseUntil?: number;
  leaseMs?: number;
  pace?: QueuePace;
  lastDecided?: LastDecided;
  /** How many requests of the queue were decided so far, and when the last were: the queue's progress. */
  decided?: number;
  decidedAt?: number;
}

const readSeen = (seen: StoredItem): Seen => ({ ms: seen.number('ms'), seenAt: seen.number('seenAt') });

const leaseEntity = entity<Lease, { queue: string }>({
  type: 'lease',
  key: { partition: ({ queue }) => queue, sort: 'LEASE' },
  read: (item) => ({
    queue: item.string('PK'),
    ...optional('owner', item.optionalString('owner')),
    ...optional('leaseUntil', item.optionalNumber('leaseUntil')),
    ...optional('leaseMs', item.optionalNumber('leaseMs')),
    ...optional(
      'pace',
      item.item.pace === undefined
        ? undefined
        : { lag: readSeen(item.nested('pace').nested('lag')), step: readSeen(item.nested('pace').nested('step')) },
    ),
    ...optional(
      'lastDecided',
      item.item.lastDecided === undefined
        ? undefined
        : { key: item.nested('lastDecided').string('key'), requestId: item.nested('lastDecided').string('requestId') },
    ),
    ...optional('decided', item.optionalNumber('decided')),
    ...optional('decidedAt', item.optionalNumber('decidedAt')),
  }),
});

/**
 * Whether the queue's lease looks free (a cheap read, to spare the write of a try that would fail): until
 * when another holds it, or, when it lapsed while still held (its holder overran it, or stopped), how long
 * that lease was.
 */
export async function leaseLooksFree(
  queue: string,
  now = Date.now(),
): Promise<{ heldUntil: number } | { heldUntil?: undefined; lapsedMs?: number }> {
  const lease = await leaseEntity.get({ queue }, { consistent: false });
  if (!lease?.owner) return {};
  const until = lease.leaseUntil ?? 0;
  return until < now ? { lapsedMs: lease.leaseMs ?? 0 } : { heldUntil: until };
}

/** The longest time something took lately, as the lease's holders saw it, and when: forgotten in time. */
export interface Seen {
  ms: number;
  seenAt: number;
}

/** How long what a lease's holder saw of the queue's pace counts for the next holders. */
const PACE_MEMORY_MS = 60_000;

/**
 * The longer of two durations seen in the last PACE_MEMORY_MS (the later one when equal): each keeps the
 * moment it was seen, so a long one is forgotten in time.
 */
export function longer(before: Seen, seen: Seen, now: number): Seen {
  return [before, seen]
    .filter(({ seenAt }) => now - seenAt < PACE_MEMORY_MS)
    .reduce((kept, next) => (next.ms >= kept.ms ? next : kept), { ms: 0, seenAt: now });
}

/**
 * What the lease's holders saw lately, left in the lease for the next holder: how long requests took to
 * reach the queue (the allocator waits that long for latecomers) and how long one batch took (the lease
 * must outlast one, or another caller would take it while the batch is still being written).
 */
export interface QueuePace {
  lag: Seen;
  step: Seen;
}

/** The last request of a queue decided in its turn: its queue key (queueKeyOf) and its id. */
export interface LastDecided {
  key: string;
  requestId: string;
}

/** What the holders of a queue's lease before leave the next one. */
export interface LeaseLegacy {
  pace?: QueuePace;
  lastDecided?: LastDecided;
}

/**
 * Takes the queue's lease for `ms` when nobody holds it (or its holder let it lapse), or renews one's own:
 * false when another holds it, else what the holders before saw of the queue's pace and decided.
 */
export async function takeLease(
  queue: string,
  owner: string,
  ms: number,
  now = Date.now(),
): Promise<false | LeaseLegacy> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        ...leaseEntity.update(
          { queue },
          {
            set: { type: leaseEntity.type, owner, leaseUntil: now + ms, leaseMs: ms },
            names: { '#holder': 'owner', '#until': 'leaseUntil' },
            values: { ':owner': owner, ':now': now },
            condition: 'attribute_not_exists(#holder) OR #holder = :owner OR #until < :now',
          },
        ),
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = Attributes && leaseEntity.read(Attributes);
    return {
      ...(before?.pace && { pace: before.pace }),
      ...optional('lastDecided', before?.lastDecided),
    };
  } catch (error) {
    // Held by another, or being written by its holder's transaction right now.
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'TransactionConflictException')
      return false;
    throw error;
  }
}

/** Gives the lease up, leaving what this holder saw of the queue's pace for the next one. */
export async function releaseLease(queue: string, owner: string, pace: QueuePace): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand(
        leaseEntity.update(
          { queue },
          {
            set: { pace },
            remove: ['owner', 'leaseUntil', 'leaseMs'],
            names: { '#holder': 'owner' },
            values: { ':owner': owner },
            condition: '#holder = :owner',
          },
        ),
      ),
    );
  } catch (error) {
    // Already taken over: nothing of ours to release. A lease not released lapses by itself.
    if (!(error instanceof ConditionalCheckFailedException) && (error as Error).name !== 'TransactionConflictException')
      throw error;
  }
}

/**
 * A batch's write to its queue's lease, in its transaction: the condition that the lease is still `owner`'s (a
 * lapsed holder writes nothing), the tally of the requests it decides, and the last it decides in its turn (with
 * the batch, so the next holder knows it even when this one stops before it gives the lease up).
 */
export function leaseTally(
  queue: string,
  owner: string,
  decided: number,
  now: number,
  lastDecided?: LastDecided,
): TransactItem {
  return leaseEntity.updateItem(
    { queue },
    {
      set: { decidedAt: now, ...(lastDecided && { lastDecided }) },
      add: { decided },
      condition: '#owner = :owner',
      names: { '#owner': 'owner' },
      values: { ':owner': owner },
    },
  );
}

/** A refusal's tally, with its decision (the holder decides it alone, with no condition on the lease). */
export function refusalTally(queue: string, now: number): TransactItem {
  return leaseEntity.updateItem({ queue }, { set: { decidedAt: now }, add: { decided: 1 } });
}

/** How many requests of the queue were decided so far, the lease's tally (strongly consistent). */
export async function decidedInQueue(queue: string): Promise<number> {
  const lease = await leaseEntity.get({ queue }, { consistent: true });
  return lease?.decided ?? 0;
}

/** The progress of a queue: how many of its requests were decided so far, and when the last were (epoch ms). */
export interface QueueProgress {
  decided: number;
  decidedAt?: number;
}

/** The progress of each queue asked for (one read for all; eventually consistent, as the page polls it). */
export async function queueProgress(queues: string[]): Promise<Map<string, QueueProgress>> {
  const leases = new Map(
    (await leaseEntity.getMany(queues.map((queue) => ({ queue })))).map((lease) => [lease.queue, lease]),
  );
  return new Map(
    queues.map((queue) => {
      const lease = leases.get(queue);
      return [queue, { decided: lease?.decided ?? 0, ...optional('decidedAt', lease?.decidedAt) }];
    }),
  );
}
