// The pages of a list spread over shards (lambdas/platform/cursor.ts), against a DynamoDB mocked to answer each
// shard's query as DynamoDB does (sort order, the key condition after a place, Limit counted before the filter,
// LastEvaluatedKey): paging through any list, with any page size and filter, gives every item once, in order.
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { entity } from '../../lambdas/platform/entity';
import { indexPage } from '../../lambdas/platform/cursor';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());

type Stored = { PK: string; SK: string; GSI2PK: string; GSI2SK: string; classId: string };

/** DynamoDB's answer to one shard's query over `items`. */
function answer(items: Stored[], input: QueryCommandInput) {
  const values = input.ExpressionAttributeValues!;
  const descending = input.ScanIndexForward === false;
  const place = values[':place'] as string | undefined;
  const read = items
    .filter((item) => item.GSI2PK === values[':partition'])
    .sort((a, b) => (a.GSI2SK < b.GSI2SK ? -1 : 1) * (descending ? -1 : 1))
    .filter((item) => place === undefined || (descending ? item.GSI2SK < place : item.GSI2SK > place));
  const evaluated = read.slice(0, input.Limit);
  const more = read.length > evaluated.length;
  const last = evaluated.at(-1);
  return {
    Items: evaluated.filter((item) => values[':class'] === undefined || item.classId === values[':class']),
    ...(more && last && { LastEvaluatedKey: { PK: last.PK, SK: last.SK, GSI2PK: last.GSI2PK, GSI2SK: last.GSI2SK } }),
  };
}

const shards = ['L#0', 'L#1', 'L#2'];
const list = fc
  .uniqueArray(
    fc.record({ key: fc.stringMatching(/^[a-f]{1,4}$/), shard: fc.nat(2), classId: fc.constantFrom('c1', 'c2') }),
    {
      selector: (item) => item.key,
      maxLength: 40,
    },
  )
  .map((items) =>
    items.map(
      ({ key, shard, classId }): Stored => ({ PK: `P#${key}`, SK: 'S', GSI2PK: shards[shard]!, GSI2SK: key, classId }),
    ),
  );

test('paging through a sharded list gives every item once, in the list’s order, whatever the page size, order and filter', async () => {
  await fc.assert(
    fc.asyncProperty(
      list,
      fc.integer({ min: 1, max: 7 }),
      fc.boolean(),
      fc.option(fc.constantFrom('c1', 'c2'), { nil: undefined }),
      async (items, limit, newestFirst, classId) => {
        dynamo.reset();
        dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => answer(items, input));
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; ; pages += 1) {
          expect(pages).toBeLessThan(items.length + shards.length + 2);
          const page = await indexPage({ index: 'GSI2', partitions: shards, limit, cursor, newestFirst, classId });
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items.map((item) => item.GSI2SK as string));
          if (!page.next) break;
          expect(page.next.length).toBeLessThanOrEqual(2048);
          cursor = page.next;
        }
        const expected = items
          .filter((item) => classId === undefined || item.classId === classId)
          .map((item) => item.GSI2SK)
          .sort();
        expect(seen).toEqual(newestFirst ? expected.reverse() : expected);
      },
    ),
    { numRuns: 200 },
  );
});

test('a cursor that does not have the list’s shape is refused with the cursor’s message', async () => {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  for (const cursor of [
    'not-a-cursor',
    encode({ PK: 'a', SK: 'b', GSI2PK: 'L#0', GSI2SK: 'c' }),
    encode(['a', 'b']),
    encode([false, false, false]),
    encode(['', null, null]),
    encode([1, null, null]),
  ])
    await expect(indexPage({ index: 'GSI2', partitions: shards, limit: 5, cursor })).rejects.toThrow(
      'cursor: is not a valid cursor',
    );
  expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
});

test('a sharded list puts an item in the shard its `by` hashes to, the same on every write, and a list read queries every shard', async () => {
  const noteEntity = entity<{ text: string }, { box: string; id: string }, 'all'>({
    type: 'note',
    key: { partition: ({ box }) => `BOX#${box}`, sort: { prefix: 'NOTE#', of: ({ id }) => id } },
    lists: {
      all: {
        index: 'GSI2',
        partition: () => 'NOTES',
        sort: { prefix: '', of: ({ id }) => id },
        shards: { count: 4, by: ({ id }) => id },
      },
    },
    read: (item) => ({ text: item.string('text') }),
  });
  const partitions = Array.from({ length: 40 }, (_, n) => noteEntity.item({ box: 'b', id: `n${n}`, text: '' }).GSI2PK);
  expect(new Set(partitions)).toEqual(new Set(['NOTES#0', 'NOTES#1', 'NOTES#2', 'NOTES#3']));
  expect(noteEntity.item({ box: 'other', id: 'n7', text: 'changed' }).GSI2PK).toBe(partitions[7]);

  const stored = ['n3', 'n1', 'n2'].map((id) => noteEntity.item({ box: 'b', id, text: id }));
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => ({
    Items: stored.filter((item) => item.GSI2PK === input.ExpressionAttributeValues![':partition']),
  }));
  expect((await noteEntity.inList('all', {})).map((note) => note.text)).toEqual(['n1', 'n2', 'n3']);
  expect(
    dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues![':partition']),
  ).toEqual(['NOTES#0', 'NOTES#1', 'NOTES#2', 'NOTES#3']);
});
