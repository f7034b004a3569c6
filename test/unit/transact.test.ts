// How a transaction is carried through contention, with a mocked DynamoDB client.
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { PortalError } from '../../lambdas/contract/errors';
import { TRANSACTION_ATTEMPTS, transactWrite } from '../../lambdas/platform/transact';

const dynamo = mockClient(DynamoDBDocumentClient);
const items = [{ Put: { TableName: 'portal-unit', Item: { PK: 'A', SK: 'B' } } }];

function cancelled(...codes: string[]) {
  return Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) =>
      Code === 'ConditionalCheckFailed' ? { Code, Item: marshall({ PK: 'A', SK: 'B', enrolled: 3 }) } : { Code },
    ),
  });
}

beforeEach(() => {
  dynamo.reset();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

test('a conflict is retried with the same ClientRequestToken until it commits', async () => {
  dynamo
    .on(TransactWriteCommand)
    .rejectsOnce(cancelled('TransactionConflict', 'None'))
    .rejectsOnce(cancelled('None', 'TransactionConflict'))
    .resolves({});
  expect(await transactWrite(items)).toEqual({ committed: true });
  const tokens = dynamo.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.ClientRequestToken);
  expect(tokens).toHaveLength(3);
  expect(new Set(tokens).size).toBe(1);
});

test('a failed condition is not retried: the failing items come back, read as they were', async () => {
  dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
  const outcome = await transactWrite([...items, ...items]);
  expect(outcome).toEqual({ committed: false, failed: new Map([[1, { PK: 'A', SK: 'B', enrolled: 3 }]]) });
  expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
});

test('throttling that never ends becomes 429 resource-exhausted after the last attempt', async () => {
  dynamo
    .on(TransactWriteCommand)
    .rejects(
      Object.assign(new Error('slow down'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } }),
    );
  const failure = await transactWrite(items).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(PortalError);
  expect((failure as PortalError).code).toBe('resource-exhausted');
  expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
});

test('a malformed request is not retried: it is a bug, raised as it is', async () => {
  dynamo
    .on(TransactWriteCommand)
    .rejects(
      Object.assign(new Error('bad expression'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } }),
    );
  await expect(transactWrite(items)).rejects.toThrow('bad expression');
  expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
});
