// Enrollment requests: what `enroll` records the moment a call arrives, for the allocator to decide in
// arrival order. Three item types:
// - the request, pending, in the queue of its line (lines.ts): `QUEUE#LINE#id` / `REQUEST#<arrival>#<id>`,
//   so one strongly consistent query reads a queue in arrival order. Deciding it deletes it.
// - what is known of it by its id alone, `REQUEST#<id> / DECISION`: first that it is in line and in which
//   queue (written with the request), then its decision, written in the same transaction as the seat (or
//   alone, for a refusal), read by whoever waits for it; it expires after a day.
// - the queue's lease, `QUEUE#… / LEASE`: who decides this queue now, until when. One allocator at a time
//   per queue, whichever function instance it runs in; a lost lease stops its holder's next transaction.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../shared/errors';
import { dynamo, tableName, type Item, type Key } from '../shared/dynamo';
import { transactWrite, type TransactItem } from '../shared/transact';
import type { Actor } from './audit';
import type { StoredEnrollment } from './enrollments';
import { timeToLiveAttribute } from './table';

export const ENROLLMENT_REQUEST_TYPE = 'enrollmentRequest';

/** The queue of a line's requests (see lines.ts). */
export const lineQueue = (line: string) => `QUEUE#LINE#${line}`;

export interface EnrollmentRequest {
  /** `<arrival ms>-<uuid>`: the request's place in its queue can be told from it. */
  id: string;
  queue: string;
  studentId: string;
  familyId: string;
  classIds: string[];
  group?: { id: string; classIds: string[] };
  /** When the call reached the API (epoch ms): the order of the queue. */
  arrivedAt: number;
  /** When it was written to the queue (set by putRequest): how long a request takes to get there. */
  queuedAt?: number;
  /** Who asked: the audit trail records them; a family may read only its own requests. */
  by: Actor;
}

export type Decision =
  | {
      enrollments: StoredEnrollment[];
      /** Each waitlisted enrollment's place in line when it was decided, by enrollment id. */
      places?: Record<string, number>;
    }
  | { error: { code: ErrorCode; message: string } };

const ARRIVAL_DIGITS = 15;
const DECISION_DAYS = 1;

/** A new request's id, which carries its arrival time. */
export const newRequestId = (arrivedAt: number) => `${arrivedAt}-${randomUUID()}`;

export const requestKey = (queue: string, id: string): Key => ({
  PK: queue,
  SK: `REQUEST#${id.split('-')[0]!.padStart(ARRIVAL_DIGITS, '0')}#${id}`,
});
export const decisionKey = (id: string): Key => ({ PK: `REQUEST#${id}`, SK: 'DECISION' });
const leaseKey = (queue: string): Key => ({ PK: queue, SK: 'LEASE' });

/**
 * Puts a request in its queue, with the note of where it waits, in one transaction: its token makes a
 * retried try harmless, and a request already there (a try whose answer was lost) stays as it is.
 */
export async function putRequest(request: EnrollmentRequest): Promise<void> {
  const now = Date.now();
  const whoAsked = { queue: request.queue, familyId: request.familyId, by: request.by };
  const newItem = (item: Item): TransactItem => ({
    Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  try {
    // Committed, or refused by its conditions because it is there already: either way it is in line.
    await transactWrite([
      newItem({ ...requestKey(request.queue, request.id), type: ENROLLMENT_REQUEST_TYPE, ...request, queuedAt: now }),
      newItem({ ...decisionKey(request.id), type: 'enrollmentPending', ...whoAsked, pending: true, ...expiry(now) }),
    ]);
  } catch (error) {
    // The last try's answer may have been lost after it committed: the note tells.
    if (!(await getRequestRecord(request.id).catch(() => undefined))) throw error;
  }
}

const expiry = (now: number) => ({ [timeToLiveAttribute]: Math.floor(now / 1000) + DECISION_DAYS * 86_400 });

/** The first pending requests of a queue, in arrival order. */
export async function pendingRequests(queue: string, limit: number): Promise<EnrollmentRequest[]> {
  const { Items } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :queue AND begins_with(SK, :request)',
      ExpressionAttributeValues: { ':queue': queue, ':request': 'REQUEST#' },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (Items ?? []) as EnrollmentRequest[];
}

/** How many requests of its queue are ahead of a pending one, plus one: its place in line. */
export async function placeInQueue(queue: string, id: string): Promise<number> {
  let ahead = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :queue AND SK BETWEEN :first AND :own',
        ExpressionAttributeValues: { ':queue': queue, ':first': 'REQUEST#', ':own': requestKey(queue, id).SK },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    ahead += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return Math.max(1, ahead);
}

/** What is known of a request by its id alone: who asked, its queue, and whether it is still in line or decided. */
export type RequestRecord = { queue: string; familyId: string; by: Actor } & ({ pending: true } | Decision);

export const isDecided = (record: RequestRecord): record is RequestRecord & Decision => !('pending' in record);

export async function getRequestRecord(id: string): Promise<RequestRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: decisionKey(id), ConsistentRead: true }),
  );
  return Item as RequestRecord | undefined;
}

/** The two writes that decide a request, for the transaction that also writes what was decided. */
export function decisionWrites(request: EnrollmentRequest, decision: Decision, now: number): TransactItem[] {
  return [
    {
      Delete: {
        TableName: tableName,
        Key: requestKey(request.queue, request.id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: {
          ...decisionKey(request.id),
          type: 'enrollmentDecision',
          queue: request.queue,
          familyId: request.familyId,
          by: request.by,
          ...decision,
          ...expiry(now),
        } satisfies Item,
      },
    },
  ];
}

/**
 * Whether the queue's lease looks free (a cheap read, to spare the write of a try that would fail), and
 * when it lapsed while still held (its holder overran it, or stopped), how long that lease was.
 */
export async function leaseLooksFree(queue: string, now = Date.now()): Promise<false | { lapsedMs?: number }> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: leaseKey(queue) }));
  if (!Item?.owner) return {};
  return Number(Item.leaseUntil) < now && { lapsedMs: Number(Item.leaseMs ?? 0) };
}

/** The longest time something took lately, as the lease's holders saw it, and when: forgotten in time. */
export interface Seen {
  ms: number;
  seenAt: number;
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

/**
 * Takes the queue's lease for `ms` when nobody holds it (or its holder let it lapse), or renews one's own:
 * false when another holds it, else what the holders before saw of the queue's pace.
 */
export async function takeLease(
  queue: string,
  owner: string,
  ms: number,
  now = Date.now(),
): Promise<false | { pace?: QueuePace }> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: leaseKey(queue),
        UpdateExpression: 'SET #owner = :owner, leaseUntil = :until, leaseMs = :ms',
        ConditionExpression: 'attribute_not_exists(#owner) OR #owner = :owner OR leaseUntil < :now',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner, ':until': now + ms, ':ms': ms, ':now': now },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { ...(Attributes?.pace && { pace: Attributes.pace as QueuePace }) };
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
      new UpdateCommand({
        TableName: tableName,
        Key: leaseKey(queue),
        UpdateExpression: 'REMOVE #owner, leaseUntil, leaseMs SET pace = :pace',
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner, ':pace': pace },
      }),
    );
  } catch (error) {
    // Already taken over: nothing of ours to release. A lease not released lapses by itself.
    if (!(error instanceof ConditionalCheckFailedException) && (error as Error).name !== 'TransactionConflictException')
      throw error;
  }
}

/** The condition that the lease is still `owner`'s, in each of its transactions: a lapsed holder writes nothing. */
export function leaseCheck(queue: string, owner: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: leaseKey(queue),
      ConditionExpression: '#owner = :owner',
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    },
  };
}
