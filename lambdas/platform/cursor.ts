// Pages of long lists. A list may be spread over several partitions of an index (its shards, see entity.ts);
// each is read in the index's sort order and the shards merged, so a page is the next `limit` items of the
// whole list. The cursor handed to the client says where each shard stands: not read yet, read to its end, or
// read up to an index sort key (unique within a paged list), from which the next query goes on by its key
// condition. The partitions are the server's own, so a cursor from a client can only move within the list.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableIndexes, type IndexName } from './table';
import { dynamo, tableName, type Item } from './dynamo';
import { invalidArgument } from '../contract/errors';

/** A client's cursor that is not one of the list it asks for. */
export const notACursor = () => invalidArgument('cursor: is not a valid cursor');

/** Where a shard stands: null, not read yet; false, read to its end; otherwise the index sort key read last. */
type ShardPlace = null | false | string;

const isPlace = (candidate: unknown): candidate is ShardPlace =>
  candidate === null || candidate === false || (typeof candidate === 'string' && candidate !== '');

function decodeCursor(value: string | undefined, shards: number): ShardPlace[] {
  if (value === undefined) return Array.from({ length: shards }, () => null);
  let places: unknown;
  try {
    places = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  const valid = (candidate: unknown): candidate is ShardPlace[] =>
    Array.isArray(candidate) &&
    candidate.length === shards &&
    candidate.every(isPlace) &&
    candidate.some((place) => place !== false);
  if (!valid(places)) throw notACursor();
  return places;
}

export interface PageOptions {
  index: IndexName;
  /** The list's partitions in the index, one per shard. */
  partitions: string[];
  limit: number;
  cursor?: string;
  /** Newest first: the index's sort key descending. */
  newestFirst?: boolean;
  /** Only items whose `classId` is this one (a filter: a page may hold fewer than `limit`). */
  classId?: string;
}

/** One shard's page: its items in order, and, when it has more, the index sort key it stopped at. */
interface ShardPage {
  items: Item[];
  stoppedAt?: string;
}

/**
 * One page of a list, and the cursor that continues it. Each shard gives up to `limit` items after its place;
 * an item is on the page only if no shard with more to read could still give one before it (the nearest point
 * a shard stopped at), so the pages, one after another, are the whole list in order, each item once.
 */
export async function indexPage({
  index,
  partitions,
  limit,
  cursor,
  newestFirst = false,
  classId,
}: PageOptions): Promise<{ items: Item[]; next?: string }> {
  const places = decodeCursor(cursor, partitions.length);
  const keys = tableIndexes.find((candidate) => candidate.indexName === index)!;
  const sortOf = (item: Item) => item[keys.sortKey] as string;
  const before = (a: string, b: string) => (newestFirst ? a > b : a < b);
  const pages = await Promise.all(
    partitions.map(async (partition, shard): Promise<ShardPage> => {
      const place = places[shard];
      if (place === false) return { items: [] };
      const page = await dynamo.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index,
          KeyConditionExpression: `#partition = :partition${place ? ` AND #sort ${newestFirst ? '<' : '>'} :place` : ''}`,
          ...(classId && { FilterExpression: 'classId = :class' }),
          ExpressionAttributeNames: { '#partition': keys.partitionKey, ...(place && { '#sort': keys.sortKey }) },
          ExpressionAttributeValues: {
            ':partition': partition,
            ...(place && { ':place': place }),
            ...(classId && { ':class': classId }),
          },
          ...(newestFirst && { ScanIndexForward: false }),
          Limit: limit,
        }),
      );
      return {
        items: page.Items ?? [],
        ...(page.LastEvaluatedKey && { stoppedAt: page.LastEvaluatedKey[keys.sortKey] as string }),
      };
    }),
  );
  const bound = pages
    .flatMap((page) => (page.stoppedAt === undefined ? [] : [page.stoppedAt]))
    .reduce<string | undefined>(
      (nearest, stop) => (nearest === undefined || before(stop, nearest) ? stop : nearest),
      undefined,
    );
  const inOrder = (a: { item: Item; shard: number }, b: { item: Item; shard: number }) =>
    sortOf(a.item) === sortOf(b.item) ? a.shard - b.shard : before(sortOf(a.item), sortOf(b.item)) ? -1 : 1;
  const taken = pages
    .flatMap((page, shard) => page.items.map((item) => ({ item, shard })))
    .filter(({ item }) => bound === undefined || !before(bound, sortOf(item)))
    .sort(inOrder)
    .slice(0, limit);
  const next = pages.map((page, shard): ShardPlace => {
    const mine = taken.filter((entry) => entry.shard === shard);
    if (mine.length === page.items.length) return page.stoppedAt ?? false;
    return mine.length ? sortOf(mine.at(-1)!.item) : places[shard]!;
  });
  return {
    items: taken.map(({ item }) => item),
    ...(next.some((place) => place !== false) && {
      next: Buffer.from(JSON.stringify(next)).toString('base64url'),
    }),
  };
}
