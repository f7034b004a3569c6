// The allocator's safety net as the stream runs it: each queue of a batch seen through once, and the
// records of a queue it could not see through (still pending, or failing) handed over again, none other.
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { captureLog, loadWithLog } from '../support/logLines';

jest.mock('../../lambdas/platform/dynamo', () => ({
  ...jest.requireActual('../../lambdas/platform/dynamo'),
  // The net's wait for the caller first, and its polls, pass at once here.
  sleep: async () => undefined,
}));
jest.mock('../../lambdas/enrollment/enrollmentRequests', () => ({
  ...jest.requireActual('../../lambdas/enrollment/enrollmentRequests'),
  pendingRequests: jest.fn(),
}));

const { allocator, pendingRequests } = loadWithLog(() => ({
  ...(require('../../lambdas/enrollment/handlers/allocator') as typeof import('../../lambdas/enrollment/handlers/allocator')),
  pendingRequests: (require('../../lambdas/enrollment/enrollmentRequests') as { pendingRequests: jest.Mock })
    .pendingRequests,
}));

/** What is left in each queue; a queue named here with an Error fails to be read. */
function queues(left: Record<string, number | Error>) {
  pendingRequests.mockImplementation(async (queue: string) => {
    const pending = left[queue];
    if (pending instanceof Error) throw pending;
    return Array.from({ length: pending ?? 0 }, (_, index) => ({ queue, id: String(index) }));
  });
}

const batch = (...records: Array<[sequence: string, queue: string, drawAt?: number]>) =>
  ({
    Records: records.map(([SequenceNumber, queue, drawAt]) => ({
      dynamodb: {
        SequenceNumber,
        NewImage: {
          queue: { S: queue },
          ...(drawAt !== undefined && { draw: { M: { at: { N: String(drawAt) }, opening: { S: 'o' } } } }),
        },
      },
    })),
  }) as unknown as DynamoDBStreamEvent;

// No time left past the margin: the net only looks whether each queue is empty.
const noTimeLeft = { getRemainingTimeInMillis: () => 2000 } as Pick<Context, 'getRemainingTimeInMillis'>;

const failed = (response: { batchItemFailures: Array<{ itemIdentifier: string }> }) =>
  response.batchItemFailures.map((failure) => failure.itemIdentifier).sort();

beforeEach(() => pendingRequests.mockReset());

test("the records of a queue still pending or failing are handed over again, a drained queue's are not", async () => {
  queues({ 'QUEUE#a': 0, 'QUEUE#b': new Error('The table is unreachable'), 'QUEUE#c': 1 });
  const log = captureLog();
  const response = await allocator(
    batch(['1', 'QUEUE#a'], ['2', 'QUEUE#b'], ['3', 'QUEUE#c'], ['4', 'QUEUE#c'], ['5', 'QUEUE#a']),
    noTimeLeft,
  );
  log.restore();
  expect(failed(response)).toEqual(['2', '3', '4']);
  // Each queue looked at once, however many of its records the batch holds.
  expect(pendingRequests.mock.calls.map(([queue]) => queue).sort()).toEqual(['QUEUE#a', 'QUEUE#b', 'QUEUE#c']);
  expect(log.lines()).toEqual([
    expect.objectContaining({
      level: 'ERROR',
      message: 'A queue of enrollment requests could not be decided; the stream tries it again.',
      queue: 'QUEUE#b',
      error: 'Error: The table is unreachable',
    }),
  ]);
});

test('a batch none of whose queues could be seen through is answered with every record, not thrown', async () => {
  queues({ 'QUEUE#a': 2, 'QUEUE#b': 1 });
  expect(failed(await allocator(batch(['1', 'QUEUE#a'], ['2', 'QUEUE#b']), noTimeLeft))).toEqual(['1', '2']);
});

test("a request waiting for its fair start's draw leaves its queue alone until the draw; one whose draw came is seen through", async () => {
  queues({ 'QUEUE#a': 1, 'QUEUE#b': 0 });
  const response = await allocator(
    batch(['1', 'QUEUE#a', Date.now() + 60_000], ['2', 'QUEUE#b', Date.now() - 1]),
    noTimeLeft,
  );
  expect(failed(response)).toEqual([]);
  expect(pendingRequests.mock.calls.map(([queue]) => queue)).toEqual(['QUEUE#b']);
});
