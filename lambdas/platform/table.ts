// The one table of the portal: its keys and indexes, defined once for the CDK stack and the local stack.
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const tableKeys = { partitionKey: 'PK', sortKey: 'SK' } as const;

/** The table's change stream: new item images, for the stream consumers (the mailer). */
export const tableStream = 'NEW_IMAGE' as const;

/** Items that carry this attribute (epoch seconds) expire: the per-user call counters. */
export const timeToLiveAttribute = 'expiresAt';

/**
 * GSI1 (overloaded): a semester's classes and groups (`SEMESTER#id`), the list of semesters
 * (`SEMESTERS`), a student by id (`STUDENT#id`), the failed mail (`MAIL#FAILED`), the suppressed addresses
 * (`SUPPRESSIONS`).
 * GSI2: a semester's enrollments, enrollment activity and messages, for the administrators' screens.
 * Each item type declares its own keys in them (entity.ts).
 */
export const tableIndexes = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
] as const;

export type IndexName = (typeof tableIndexes)[number]['indexName'];

/** The CreateTable request for DynamoDB Local; the CDK stack builds the same table from the same names. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyNames = [
    tableKeys.partitionKey,
    tableKeys.sortKey,
    ...tableIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableStream },
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
