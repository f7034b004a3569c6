// One DynamoDB document client per process, created at module load, and the paginating helpers every
// data module uses.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { optionalEnv, requiredEnv } from './env';

export const tableName = requiredEnv('TABLE_NAME');

// A Lambda serves one call at a time; many calls share this client only where many run in one process
// (the local gateway), and there the SDK's default of 50 sockets would queue them.
export const dynamo = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
    requestHandler: { httpAgent: { maxSockets: 500 } },
  }),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);

export type Item = Record<string, unknown>;
export interface Key {
  PK: string;
  SK: string;
}

/** Every item a query matches, following the pages. */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const BATCH_GET_LIMIT = 100;

type BatchReadOptions = Pick<NonNullable<BatchGetCommandInput['RequestItems']>[string], 'ConsistentRead'>;

/** The items stored under the given keys (absent ones are left out), in no particular order. */
export async function batchGetAll<T = Item>(keys: Key[], options: BatchReadOptions = {}): Promise<T[]> {
  const unique = [...new Map(keys.map((key) => [keyId(key), key])).values()];
  const items: T[] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
    let pending: Key[] = unique.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await sleep(Math.min(1000, 2 ** attempt * 25) * Math.random());
      const result = await dynamo.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...options } } }),
      );
      items.push(...((result.Responses?.[tableName] ?? []) as T[]));
      pending = (result.UnprocessedKeys?.[tableName]?.Keys as Key[] | undefined) ?? [];
    }
  }
  return items;
}

/** The items at `keys`, read in as few batches as they fit, to be looked up by key. */
export async function itemsAt(keys: Key[], options: BatchReadOptions = {}): Promise<(key: Key) => Item | undefined> {
  const byKey = new Map((await batchGetAll<Item & Key>(keys, options)).map((item) => [keyId(item), item]));
  return (key) => byKey.get(keyId(key));
}

const keyId = (key: Key) => `${key.PK}|${key.SK}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BATCH_WRITE_LIMIT = 25;

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** Every write, 25 a batch, sending again what DynamoDB leaves unprocessed. */
async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(start, start + BATCH_WRITE_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await sleep(Math.min(1000, 2 ** attempt * 25) * Math.random());
      const { UnprocessedItems } = await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] as WriteRequest[] | undefined) ?? [];
    }
  }
}

/** Puts every item (not in one transaction: each is whole on its own). */
export const writeAll = (items: Item[]) => batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));

/** Deletes the items at `keys` (not in one transaction). */
export const deleteAll = (keys: Key[]) => batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));
