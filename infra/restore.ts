// The table brought back as a new table: in AWS from point-in-time recovery to a moment, with what a restore
// leaves out (the stream the stream consumers read, the expiry of items, point-in-time recovery itself, deletion
// protection) switched on as the stack has them; locally, where DynamoDB Local keeps no history, rehearsed by
// copying the table as it is into a new one on the same engine. The portal is then pointed at the new table.
import {
  CreateTableCommand,
  type DynamoDBClient,
  DescribeTableCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  BatchWriteItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableStream, timeToLiveAttribute } from '../lambdas/platform/table';

/** Batches of 25 items the local copy writes at once. */
const COPY_BATCHES_AT_ONCE = 8;

/** How long a restore may take before the command gives up waiting (AWS: minutes to hours by the table's size). */
const RESTORE_WAIT_SECONDS = 6 * 60 * 60;

/** The new table's name: the old one's and the moment restored (`registration-portal-restored-20261128T0900`). */
export function restoredTableName(table: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').slice(0, 13);
  return `${table.replace(/-restored-\d{8}T\d{4}$/, '')}-restored-${stamp}`;
}

export interface Restored {
  tableName: string;
  /** The new table's stream, which the stack's stream consumers read once it is deployed with the table. */
  streamArn?: string;
  seconds: number;
}

/** AWS: `table` as it was at `at`, restored by point-in-time recovery into a new table, made like the stack's. */
export async function restoreToMoment(client: DynamoDBClient, table: string, at: Date): Promise<Restored> {
  const started = Date.now();
  const tableName = restoredTableName(table, at);
  await client.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: table,
      TargetTableName: tableName,
      RestoreDateTime: at,
      BillingModeOverride: 'PAY_PER_REQUEST',
    }),
  );
  const active = () => waitUntilTableExists({ client, maxWaitTime: RESTORE_WAIT_SECONDS }, { TableName: tableName });
  await active();
  // A restored table has no stream, no expiry, no point-in-time recovery and no deletion protection of its own.
  await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: tableStream },
    }),
  );
  await active();
  await client.send(new UpdateTableCommand({ TableName: tableName, DeletionProtectionEnabled: true }));
  await active();
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: timeToLiveAttribute },
    }),
  );
  await client.send(
    new UpdateContinuousBackupsCommand({
      TableName: tableName,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    }),
  );
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  return { tableName, streamArn: Table?.LatestStreamArn, seconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * Locally: every item of `table` copied into a new table made as the portal makes its table (DynamoDB Local has
 * no point-in-time recovery: the copy is of the table as it is now). The items copied, and the new table.
 */
export async function rehearseLocally(
  client: DynamoDBClient,
  table: string,
  now = new Date(),
): Promise<Restored & { items: number }> {
  const started = Date.now();
  const tableName = restoredTableName(table, now);
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: tableName });
  let items = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    const batches: Array<Array<Record<string, AttributeValue>>> = [];
    for (let index = 0; index < (page.Items ?? []).length; index += 25)
      batches.push(page.Items!.slice(index, index + 25));
    // A scanned page's batches side by side, a few at a time: one after another, a large table took minutes.
    for (let index = 0; index < batches.length; index += COPY_BATCHES_AT_ONCE)
      await Promise.all(
        batches.slice(index, index + COPY_BATCHES_AT_ONCE).map((batch) => writeBatch(client, tableName, batch)),
      );
    items += page.Items?.length ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { tableName, items, seconds: Math.round((Date.now() - started) / 1000) };
}

/** One batch of at most 25 items, written again until DynamoDB took them all. */
async function writeBatch(client: DynamoDBClient, tableName: string, items: Array<Record<string, AttributeValue>>) {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  while (requests.length) {
    const { UnprocessedItems } = await client.send(
      new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }),
    );
    requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
  }
}
