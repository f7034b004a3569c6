// What "seats in arrival order" means, checked on the answers families got: no seat went to a call that came
// after one put on the waitlist, and the waitlist is in the order the calls came (to the millisecond of the API's
// clock, which stamps each request's id; ties in the order of their ids, as the queue sorts them). A request whose
// call reached its queue after the allocator had decided a later one is placed right after that one, as its
// decision records (`placedAfter`): it counts as arriving there, and it must indeed have arrived before it.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { lateKey } from '../../lambdas/contract/lottery/fairStartRecord';
import type { Enrollment } from '../../lambdas/contract/records';
import { allocateSeats } from '../../lambdas/enrollment/allocation';
import { queueKeyOf } from '../../lambdas/enrollment/enrollmentRequests';

export interface Placed {
  enrollment: Enrollment;
  requestId: string;
}

/** What the allocator kept of a request's decision: when, and after which request it was placed if it came late. */
interface Timeline {
  decidedAt: number;
  placedAfter?: string;
}

/**
 * Each request's place in its queue's order as it was decided (keys that compare as strings): its own queue key, or
 * for one placed late, right after the request it was placed after, the late ones there in the order decided (a
 * batch decides its requests in queue order, at one moment). Reads the decisions from the stack's table (the one
 * the environment names now: a test may have moved to a stack of its own).
 */
async function decidedOrder(requestIds: string[]): Promise<{ keys: Map<string, string>; late: number }> {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));
  const timelines = await Promise.all(
    [...new Set(requestIds)].map(async (requestId) => {
      const { Item } = await documents.send(
        new GetCommand({
          TableName: process.env.TABLE_NAME,
          Key: { PK: `REQUEST#${requestId}`, SK: 'DECISION' },
          ConsistentRead: true,
        }),
      );
      const timeline = Item?.timeline as Timeline | undefined;
      if (!timeline) throw new Error(`Request ${requestId} has no decision with its timeline.`);
      return [requestId, timeline] as const;
    }),
  );
  const keys = new Map<string, string>();
  let late = 0;
  for (const [requestId, { decidedAt, placedAfter }] of timelines) {
    const own = queueKeyOf({ id: requestId });
    if (placedAfter === undefined) {
      keys.set(requestId, own);
      continue;
    }
    late += 1;
    // Placed late only if it stood before that one in the queue.
    expect(own < queueKeyOf({ id: placedAfter })).toBe(true);
    keys.set(requestId, `${lateKey(queueKeyOf({ id: placedAfter }), decidedAt)}#${own}`);
  }
  return { keys, late };
}

/** Checks the order of the answers' enrollments: how many of their requests were placed late. */
export async function expectArrivalOrder(placed: Placed[]): Promise<number> {
  const { keys, late } = await decidedOrder(placed.map(({ requestId }) => requestId));
  const arrived = placed.map(({ enrollment, requestId }) => ({ ...enrollment, key: keys.get(requestId)! }));
  const enrolled = arrived.filter((e) => e.status === 'enrolled').map((e) => e.key);
  const waitlisted = arrived
    .filter((e) => e.status === 'waitlisted')
    .sort((a, b) => a.waitlistPosition! - b.waitlistPosition!)
    .map((e) => e.key);
  if (enrolled.length && waitlisted.length)
    expect([...enrolled].sort().at(-1)! <= [...waitlisted].sort()[0]!).toBe(true);
  waitlisted.slice(1).forEach((key, index) => {
    expect(key >= waitlisted[index]!).toBe(true);
  });
  return late;
}

export interface Decided {
  requestId: string;
  /** The request's enrollments, one per class it asked a seat in. */
  enrollments: Enrollment[];
}

/**
 * The seats went exactly as deciding the requests one by one in arrival order gives them: `decided` holds every
 * request of one line, and `capacities` every class they name, empty before. How many were placed late.
 */
export async function expectSeatsAsArrived(decided: Decided[], capacities: Map<string, number>): Promise<number> {
  const { keys, late } = await decidedOrder(decided.map(({ requestId }) => requestId));
  const inLine = [...decided].sort((a, b) => (keys.get(a.requestId)! < keys.get(b.requestId)! ? -1 : 1));
  const empty = new Map([...capacities].map(([id, capacity]) => [id, { capacity, enrolled: 0, waitlisted: 0 }]));
  const { outcomes } = allocateSeats(
    empty,
    inLine.map((request) => ({ classIds: request.enrollments.map((enrollment) => enrollment.classId) })),
  );
  expect(inLine.map((request) => request.enrollments.map((enrollment) => enrollment.status))).toEqual(
    inLine.map((request, index) => request.enrollments.map(() => outcomes[index])),
  );
  return late;
}
