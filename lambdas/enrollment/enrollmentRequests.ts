// Enrollment requests: what `enroll` records the moment a call arrives, for the allocator to decide in
// arrival order. Three item types:
// - the request, pending, in the queue of its line (lines.ts): `QUEUE#LINE#id` / `REQUEST#<arrival>#<id>`,
//   so one strongly consistent query reads a queue in arrival order (a fair start's draw puts its requests
//   at the draw's moment, by rank: see queueKey). Deciding it deletes it.
// - what is known of it by its id alone, `REQUEST#<id> / DECISION`: first that it is in line and in which
//   queue (written with the request), then its decision, written in the same transaction as the seat (or
//   alone, for a refusal), read by whoever waits for it; it expires after a day.
// - the child's request in line for a class or a group, `FAMILY#id / PENDING#<student>#<target>`: written
//   with the request only if new, deleted with its decision. While it is there, enrolling the same child in
//   the same class again (another tab, another guardian, a press after "very busy") answers that request
//   instead of putting a second one in line behind it: the family keeps the one place it took.
// Who decides a queue now, and how many of its requests were decided so far, is kept by its lease (lease.ts).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { MOMENT_DIGITS, queueKey, type RecordedDecision } from '../contract/lottery/fairStartRecord';
import { requestTag, type Answer } from '../contract/records';
import type { Actor } from '../platform/caller';
import type { ErrorCode } from '../contract/errors';
import { dynamo, tableName } from '../platform/dynamo';
import { transactWrite, type TransactItem } from '../platform/transact';
import { entity, optional, type StoredItem } from '../platform/entity';
import { readEnrollment, type StoredEnrollment } from './enrollments';
import { ledgerWrite, type FairStartMark } from './fairStartLedger';
import { decidedInQueue } from './lease';
import { areFresh, keepMilestones, keptMilestones, MAX_COUNTED, milestoneBefore, placeFrom } from './lineMilestones';
import { partitions } from '../platform/partitions';
import { readAnswers } from './questions';
import { timeToLiveAttribute } from '../platform/table';

export const ENROLLMENT_REQUEST_TYPE = 'enrollmentRequest';

const LINE_QUEUE = 'QUEUE#LINE#';
/** The queue of a line's requests (see lines.ts). */
export const lineQueue = (line: string) => `${LINE_QUEUE}${line}`;
/** The line whose queue it is. */
export const queueLine = (queue: string) => queue.slice(LINE_QUEUE.length);

export interface EnrollmentRequest {
  /** `<arrival ms>-<uuid>`: the request's place in its queue can be told from it. */
  id: string;
  queue: string;
  studentId: string;
  familyId: string;
  classIds: string[];
  group?: { id: string; classIds: string[] };
  /** The family's answers to the questions asked, checked, by class: each enrollment is written with its own. */
  answers?: Record<string, Answer[]>;
  /** When the call reached the API (epoch ms): the order of the queue. */
  arrivedAt: number;
  /** When the family's priority window opened, when it enrolls before the semester's registration opens. */
  opensAt?: string;
  /** A request made before the end of its fair start: its place in the queue is the draw's, not its arrival's. */
  draw?: FairStartDraw;
  /** A request of a semester with a fair start (in its draw or after it): its decision is kept in the ledger. */
  fairStart?: FairStartMark;
  /** When it was written to the queue (set by putRequest): how long a request takes to get there. */
  queuedAt?: number;
  /**
   * Set by the allocator as it decides a request that stands before the last one decided in its turn (the request
   * reached its queue after the allocator had stopped waiting for it): that one's id, kept with the decision.
   */
  placedAfter?: string;
  /** Who asked: the audit trail records them; a family may read only its own requests. */
  by: Actor;
}

/**
 * Where a fair start puts a request: with the requests of its draw, at the draw's moment (`at`, epoch ms, when
 * the requests made before it are put in order), in the order of its family's `rank`; judged by the allocator
 * as made at the family's `opening`.
 */
export interface FairStartDraw {
  opening: string;
  at: number;
  rank: string;
}

export { queueMoment } from '../contract/lottery/fairStartRecord';

/** A request's sort key in its queue (after `REQUEST#`): queue keys compare as strings, in the queue's order. */
export const queueKeyOf = ({ id, draw }: Pick<EnrollmentRequest, 'id' | 'draw'>) =>
  queueKey({ id, arrivedAt: Number(id.split('-')[0]), ...optional('draw', draw) });

/** Whether a request waits for its fair start's draw at `now` (epoch ms): nothing decides it before then. */
export const awaitsDraw = (request: Pick<EnrollmentRequest, 'draw'> | undefined, now = Date.now()) =>
  request?.draw !== undefined && request.draw.at > now;

const DECISION_DAYS = 1;

const readActor = (by: StoredItem): Actor => ({ sub: by.string('sub'), isAdmin: by.boolean('isAdmin') });

const readDraw = (item: StoredItem): FairStartDraw | undefined =>
  item.item.draw === undefined
    ? undefined
    : {
        opening: item.nested('draw').string('opening'),
        at: item.nested('draw').number('at'),
        rank: item.nested('draw').string('rank'),
      };

/**
 * A request in its queue, sorted by arrival (its id begins with it): one strongly consistent query reads a queue
 * in arrival order. The requests of a fair start's draw stand just before the draw's moment, by their families'
 * ranks (no answer to a family holds a rank before the draw: only the table does).
 */
const requestEntity = entity<EnrollmentRequest, Pick<EnrollmentRequest, 'queue' | 'id' | 'draw'>>({
  type: ENROLLMENT_REQUEST_TYPE,
  key: {
    partition: ({ queue }) => queue,
    sort: { prefix: 'REQUEST#', of: queueKeyOf },
  },
  read: (item) => ({
    id: item.string('id'),
    queue: item.string('queue'),
    studentId: item.string('studentId'),
    familyId: item.string('familyId'),
    classIds: item.strings('classIds'),
    ...optional(
      'group',
      item.item.group === undefined
        ? undefined
        : { id: item.nested('group').string('id'), classIds: item.nested('group').strings('classIds') },
    ),
    ...optional(
      'answers',
      item.item.answers === undefined
        ? undefined
        : Object.fromEntries(
            Object.keys(item.nested('answers').item).map((classId) => [
              classId,
              readAnswers(item.nested('answers'), classId),
            ]),
          ),
    ),
    arrivedAt: item.number('arrivedAt'),
    ...optional('opensAt', item.optionalString('opensAt')),
    ...optional('draw', readDraw(item)),
    ...optional(
      'fairStart',
      item.item.fairStart === undefined
        ? undefined
        : { semesterId: item.nested('fairStart').string('semesterId'), line: item.nested('fairStart').string('line') },
    ),
    ...optional('queuedAt', item.optionalNumber('queuedAt')),
    by: readActor(item.nested('by')),
  }),
});

export type Decision =
  | {
      enrollments: StoredEnrollment[];
      /** Each waitlisted enrollment's place in line when it was decided, by enrollment id. */
      places?: Record<string, number>;
    }
  | { error: { code: ErrorCode; message: string } };

/** A new request's id, which carries its arrival time. */
export const newRequestId = (arrivedAt: number) => `${arrivedAt}-${randomUUID()}`;

/**
 * What is known of a request by its id alone: who asked, its queue (and its fair start's draw, when in one), and
 * whether it is still in line or decided.
 */
export type RequestRecord = Pick<EnrollmentRequest, 'queue' | 'familyId' | 'by' | 'draw'> &
  ({ pending: true } | Decision);

export const isDecided = (record: RequestRecord): record is RequestRecord & Decision => !('pending' in record);

const readDecision = (item: StoredItem): Decision => {
  if (item.item.error !== undefined) {
    const error = item.nested('error');
    return { error: { code: error.string('code') as ErrorCode, message: error.string('message') } };
  }
  return {
    enrollments: item.list('enrollments', readEnrollment),
    ...optional('places', item.item.places === undefined ? undefined : item.numbers('places')),
  };
};

/**
 * The note under a request's own id: first that it is in line and in which queue (written with the
 * request), then its decision (written in the same transaction as the seat, or alone for a refusal).
 * It expires after a day.
 */
const recordEntity = entity<RequestRecord, { requestId: string }>({
  type: 'enrollmentDecision',
  key: { partition: ({ requestId }) => `REQUEST#${requestId}`, sort: 'DECISION' },
  read: (item) => ({
    // Decisions written before they kept it have no queue: they are decided, and no queue is asked of them.
    queue: item.optionalString('queue') ?? '',
    familyId: item.string('familyId'),
    by: readActor(item.nested('by')),
    ...optional('draw', readDraw(item)),
    ...(item.item.pending === true ? { pending: true as const } : readDecision(item)),
  }),
});

/** The request a child has in line for one class or group, by family, child and what it asks for. */
const pendingEntity = entity<
  { requestId: string; queue: string },
  { familyId: string; studentId: string; target: string }
>({
  type: 'pendingRequest',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: { prefix: 'PENDING#', of: ({ studentId, target }) => `${studentId}#${target}` },
  },
  read: (item) => ({ requestId: item.string('requestId'), queue: item.string('queue') }),
});

/** The key of a request's pending marker: its family, its child, and its group or its classes. */
const pendingKey = (request: EnrollmentRequest) => ({
  familyId: request.familyId,
  studentId: request.studentId,
  target: request.group ? `GROUP#${request.group.id}` : request.classIds.join('+'),
});

const expiry = (now: number) => ({ [timeToLiveAttribute]: Math.floor(now / 1000) + DECISION_DAYS * 86_400 });

/**
 * Puts a request in its queue, with the note of where it waits and the child's pending marker, in one
 * transaction: its token makes a retried try harmless, and a request already there (a try whose answer was
 * lost) stays as it is. The request in line for the child and the same class or group: this one, or one put
 * there before that is not decided yet (then this one is not put in line).
 */
export async function putRequest(request: EnrollmentRequest): Promise<Pick<EnrollmentRequest, 'id' | 'queue'>> {
  const now = Date.now();
  const note = { requestId: request.id, ...noteOf(request) };
  try {
    // Committed, or refused by its conditions because it is there already: either way it is in line.
    const outcome = await transactWrite([
      requestEntity.putItem({ ...request, queuedAt: now }, { ifNew: true }),
      withExpiry(recordEntity.putItem({ ...note, pending: true }, { ifNew: true }), now),
      withExpiry(
        pendingEntity.putItem({ ...pendingKey(request), requestId: request.id, queue: request.queue }, { ifNew: true }),
        now,
      ),
    ]);
    const pending = outcome.committed ? undefined : pendingEntity.readIf(outcome.failed.get(2));
    if (pending && pending.requestId !== request.id) return { id: pending.requestId, queue: pending.queue };
  } catch (error) {
    // The last try's answer may have been lost after it committed: the note tells.
    if (!(await getRequestRecord(request.id).catch(() => undefined))) throw error;
  }
  return request;
}

/** What the note under a request's id keeps of it. */
const noteOf = ({ queue, familyId, by, draw }: EnrollmentRequest) => ({
  queue,
  familyId,
  by,
  ...optional('draw', draw),
});

/** A note or a decision that expires after a day (TTL). */
function withExpiry(put: TransactItem, now: number): TransactItem {
  return { Put: { ...put.Put!, Item: { ...put.Put!.Item, ...expiry(now) } } };
}

/** The first pending requests of a queue, in arrival order. */
export async function pendingRequests(queue: string, limit: number): Promise<EnrollmentRequest[]> {
  return requestEntity.firstInPartition({ queue }, limit);
}

/**
 * Where a pending request stands: how many requests of its queue are ahead of it, plus one (its place in line),
 * and how many of its queue were decided by then (`decided`, the lease's tally). As more are decided, the place
 * is `place - (decided now - decided)`: a page follows it from the queue's progress alone (lineProgress).
 * A place near the front is counted; one further back is told from the line's milestones (lineMilestones.ts) and a
 * count of the few requests from the one before it; one past their reach, or in a line without fresh milestones,
 * by counting every request ahead. A batch decided between the tally's read and the count makes the place followed
 * look up to a batch later, until the page asks again near its turn.
 */
export async function placeInQueue(
  request: Pick<EnrollmentRequest, 'queue' | 'id' | 'draw'>,
): Promise<{ place: number; decided: number }> {
  const { queue } = request;
  const own = requestEntity.key(request).SK;
  const [milestones, decided, nearFront] = await Promise.all([
    keptMilestones(queue),
    decidedInQueue(queue),
    countRequests(queue, requestEntity.sortPrefix, own, MAX_COUNTED),
  ]);
  if (nearFront !== undefined) return { place: Math.max(1, nearFront), decided };
  const milestone = milestones && areFresh(milestones) && milestoneBefore(milestones, own);
  if (milestone) {
    const counted = await countRequests(queue, milestone.key, own, MAX_COUNTED);
    if (counted !== undefined)
      return { place: placeFrom(milestone.ahead, decided - milestones.decided, counted), decided };
  }
  return { place: Math.max(1, await countRequests(queue, requestEntity.sortPrefix, own)), decided };
}

/** The most requests a drawn line lists: past them, a page asks the portal for its place. */
const DRAWN_LINE_LIMIT = 20_000;

/**
 * A queue's requests whose moment in it came by `now` (a fair start's draw, or their arrival), by their tags in the
 * queue's order (a draw still ahead keeps its order secret), and how many of the queue were decided by then.
 */
export async function drawnQueue(queue: string, now = Date.now()): Promise<{ tags: string[]; decided: number }> {
  const { keys, decided } = await wholeQueue(queue);
  const tags: string[] = [];
  for (const sortKey of keys) {
    const key = sortKey.slice(requestEntity.sortPrefix.length);
    if (Number(key.slice(0, MOMENT_DIGITS)) > now || tags.length === DRAWN_LINE_LIMIT) break;
    tags.push(requestTag(key.slice(key.lastIndexOf('#') + 1)));
  }
  return { tags, decided };
}

/** Reads a queue whole and keeps its milestones, for the places of its requests to be told from. */
export async function renewMilestones(queue: string): Promise<void> {
  const { keys, decided } = await wholeQueue(queue);
  await keepMilestones(queue, keys, decided);
}

/** The sort keys of a queue's pending requests, in order, and how many of the queue were decided. */
async function wholeQueue(queue: string): Promise<{ keys: string[]; decided: number }> {
  const keys = (await requestEntity.keysInPartition({ queue })).map(({ SK }) => SK as string);
  // Read after the queue: a request decided while it was read counts as ahead and as decided, so a place is told
  // at worst a few too late, never too soon.
  return { keys, decided: await decidedInQueue(queue) };
}

/**
 * How many requests of the queue stand from `first` to `last` (sort keys, both included); with `atMost`,
 * undefined past it.
 */
async function countRequests(queue: string, first: string, last: string): Promise<number>;
async function countRequests(queue: string, first: string, last: string, atMost: number): Promise<number | undefined>;
async function countRequests(queue: string, first: string, last: string, atMost?: number): Promise<number | undefined> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :queue AND SK BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':queue': queue, ':first': first, ':last': last },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey,
        ...(atMost !== undefined && { Limit: atMost + 1 }),
      }),
    );
    count += page.Count ?? 0;
    if (atMost !== undefined) return count > atMost ? undefined : count;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

export function getRequestRecord(id: string): Promise<RequestRecord | undefined> {
  return recordEntity.get({ requestId: id });
}

/**
 * The writes that decide a request (its removal from the queue, its decision, its child's pending marker, and in a
 * semester with a fair start its entry in the ledger), for the transaction that also writes what was decided;
 * `position`: its place in that transaction's batch. The decision keeps the request's timeline (when its call
 * reached the API, when it reached its queue, when it was decided, and the request it was placed after when it came
 * late), which the registration-rush benchmark reads to show where a decision's time goes, and the rush tests to
 * check the order.
 */
export function decisionWrites(
  request: EnrollmentRequest,
  decision: Decision,
  now: number,
  position = 0,
): TransactItem[] {
  const record = { requestId: request.id, ...noteOf(request) };
  const put = withExpiry(recordEntity.putItem({ ...record, ...decision }), now);
  const timeline = {
    arrivedAt: request.arrivedAt,
    ...(request.queuedAt && { queuedAt: request.queuedAt }),
    decidedAt: now,
    ...optional('placedAfter', request.placedAfter),
  };
  return [
    requestEntity.deleteItem(request, { condition: 'attribute_exists(PK)' }),
    { Put: { ...put.Put!, Item: { ...put.Put!.Item, timeline } } },
    // Only one request of the child for the target is in line at a time: its marker is this one's.
    pendingEntity.deleteItem(pendingKey(request)),
    ...(request.fairStart ? [ledgerWrite(request.fairStart, position, recordedDecision(request, decision, now))] : []),
  ];
}

/** A decision as the fair start's ledger keeps it: the request, its arrival and draw, and its outcome. */
function recordedDecision(request: EnrollmentRequest, decision: Decision, decidedAt: number): RecordedDecision {
  return {
    decidedAt,
    requestId: request.id,
    familyId: request.familyId,
    studentId: request.studentId,
    classIds: request.classIds,
    ...optional('groupId', request.group?.id),
    arrivedAt: request.arrivedAt,
    ...optional('draw', request.draw),
    ...optional('placedAfter', request.placedAfter),
    ...('error' in decision
      ? { outcome: 'refused' as const, refusal: decision.error.code }
      : { outcome: decision.enrollments[0]?.status === 'enrolled' ? ('enrolled' as const) : ('waitlisted' as const) }),
  };
}
