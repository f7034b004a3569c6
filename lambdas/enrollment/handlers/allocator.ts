// The allocator's safety net: run by the table's change stream for each new enrollment request (the
// filter in the manifest), it decides the request's queue unless someone else holds its lease (an
// `enroll` call usually does, waiting for its own answer), or the request waits for its fair start's draw. So a
// request whose caller stopped waiting, or whose function instance died, is still decided in its turn. A queue it
// could not see through in time is reported as failed for its records, and the stream hands them over again.
import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { decideQueue } from '../allocator';
import { awaitsDraw, pendingRequests, type EnrollmentRequest } from '../enrollmentRequests';
import { sleep } from '../../platform/dynamo';
import { logCallContext, logger } from '../../platform/logger';

/** Time kept for answering the stream before the function's timeout. */
const MARGIN_MS = 2000;
/** How often it looks again at a queue whose lease someone else holds. */
const HELD_POLL_MS = 250;
/**
 * How long it leaves a new request to the `enroll` call waiting for it before it looks: that call leads
 * the queue as soon as it has put its request, so the net only steps in for callers that stopped.
 */
const CALLER_FIRST_MS = 1000;

export async function allocator(
  event: DynamoDBStreamEvent,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<DynamoDBBatchResponse> {
  const until = Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS;
  // Each queue seen through once, however many of its records the batch holds: the processor takes the
  // records side by side, so one queue's rush does not hold up another's.
  const queues = new Map<string, Promise<boolean>>();
  const seenThrough = (queue: string) => {
    if (!queues.has(queue)) queues.set(queue, seeThroughOrLog(queue, until));
    return queues.get(queue)!;
  };
  // A batch none of whose queues was seen through is answered like any other, every record failed, not thrown.
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const request = unmarshall((record.dynamodb?.NewImage ?? {}) as never) as EnrollmentRequest;
      // A request in a fair start's draw to come waits for it: the pages that ask at the draw lead its queue then,
      // and the fairStartDraws schedule decides what they leave. Looking at its queue now would only find it waiting,
      // at the cost of the lease and a read of the queue for every request made ready before the opening.
      if (awaitsDraw(request)) return;
      if (!(await seenThrough(request.queue)))
        throw new Error(`The queue ${request.queue} still has requests to decide.`);
    },
    new BatchProcessor(EventType.DynamoDBStreams),
    { processInParallel: true, throwOnFullBatchFailure: false },
  );
}

/** seeThrough, a failure logged (and the queue not seen through: the stream tries its records again). */
async function seeThroughOrLog(queue: string, until: number): Promise<boolean> {
  try {
    return await seeThrough(queue, until);
  } catch (error) {
    logger.error('A queue of enrollment requests could not be decided; the stream tries it again.', {
      queue,
      error: String(error),
    });
    return false;
  }
}

/**
 * Whether the queue had no pending request left before `until`, whoever decided them, or waits for its fair
 * start's draw (the fairStartDraws schedule decides it then).
 */
async function seeThrough(queue: string, until: number): Promise<boolean> {
  await sleep(CALLER_FIRST_MS);
  while (Date.now() < until) {
    const outcome = await decideQueue(queue, { until });
    if (outcome === 'drained') return true;
    if (outcome === 'stopped' && (await waitsForDraw(queue))) return true;
    if (typeof outcome === 'object') {
      if ((await pendingRequests(queue, 1)).length === 0) return true;
      await sleep(HELD_POLL_MS);
    }
  }
  return (await pendingRequests(queue, 1)).length === 0;
}

/** Whether the queue's first request is in a fair start's draw that has not come yet. */
async function waitsForDraw(queue: string): Promise<boolean> {
  const [first] = await pendingRequests(queue, 1);
  return awaitsDraw(first);
}

export const handler = middy(allocator).use(logCallContext());
