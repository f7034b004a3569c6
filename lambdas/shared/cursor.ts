// Pages of long lists: DynamoDB's LastEvaluatedKey handed to the client as an opaque cursor. A cursor
// comes back from the client, so before DynamoDB sees it, it must be a key of the index being paged
// (exactly the table's and the index's key attributes, as strings) in the partition being read.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableIndexes, tableKeys, type IndexName } from '../data/table';
import { dynamo, tableName, type Item } from './dynamo';
import { invalidArgument } from './errors';

const notACursor = () => invalidArgument('cursor: is not a valid cursor');

function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key && Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The query a cursor continues: the index and the partition it reads. */
interface PagedQuery {
  index: IndexName;
  partition: string;
}

/** The key to start after, when the cursor belongs to the query; otherwise 400. */
function decodeCursor(value: string | undefined, { index, partition }: PagedQuery): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const keys = tableIndexes.find((candidate) => candidate.indexName === index)!;
  const names: string[] = [tableKeys.partitionKey, tableKeys.sortKey, keys.partitionKey, keys.sortKey];
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  const isKey = (candidate: unknown): candidate is Record<string, string> =>
    typeof candidate === 'object' &&
    candidate !== null &&
    !Array.isArray(candidate) &&
    Object.keys(candidate).length === names.length &&
    names.every(
      (name) =>
        Object.hasOwn(candidate, name) &&
        typeof (candidate as Record<string, unknown>)[name] === 'string' &&
        (candidate as Record<string, string>)[name] !== '',
    );
  if (!isKey(key) || key[keys.partitionKey] !== partition) throw notACursor();
  return key;
}

/** A query that starts after a client's cursor: DynamoDB refusing that start is the cursor's fault, a 400. */
function startingAfter<T>(start: Record<string, string> | undefined, query: Promise<T>): Promise<T> {
  return query.catch((error: unknown) => {
    throw start && (error as Error).name === 'ValidationException' ? notACursor() : error;
  });
}

export interface PageOptions extends PagedQuery {
  limit: number;
  cursor?: string;
  /** Newest first: the index's sort key descending. */
  newestFirst?: boolean;
  /** Only items whose `classId` is this one (a filter: a page may hold fewer than `limit`). */
  classId?: string;
}

/** One page of an index's partition, and the cursor that continues it. */
export async function indexPage({
  index,
  partition,
  limit,
  cursor,
  newestFirst,
  classId,
}: PageOptions): Promise<{ items: Item[]; next?: string }> {
  const start = decodeCursor(cursor, { index, partition });
  const partitionKey = tableIndexes.find((candidate) => candidate.indexName === index)!.partitionKey;
  const page = await startingAfter(
    start,
    dynamo.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: '#partition = :partition',
        ...(classId && { FilterExpression: 'classId = :class' }),
        ExpressionAttributeNames: { '#partition': partitionKey },
        ExpressionAttributeValues: { ':partition': partition, ...(classId && { ':class': classId }) },
        ...(newestFirst && { ScanIndexForward: false }),
        Limit: limit,
        ExclusiveStartKey: start,
      }),
    ),
  );
  return {
    items: page.Items ?? [],
    ...(page.LastEvaluatedKey && { next: encodeCursor(page.LastEvaluatedKey) }),
  };
}
