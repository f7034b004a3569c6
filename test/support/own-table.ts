// A table of a test file's own in the local stack's DynamoDB Local, for tests that change what everyone
// sees or compare the whole table. Handlers imported after `useOwnTable()` runs read it (they read
// TABLE_NAME when they load); the shared table's name comes back afterwards.
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { createTableInput } from '../../lambdas/platform/table';

export function useOwnTable(prefix: string): { tableName: string; scan: () => Promise<string> } {
  const sharedTable = process.env.TABLE_NAME;
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
  const documents = DynamoDBDocumentClient.from(client);
  beforeAll(async () => {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    process.env.TABLE_NAME = tableName;
  });
  afterAll(async () => {
    process.env.TABLE_NAME = sharedTable;
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  });
  return {
    tableName,
    /** Every item, in key order, as one string to compare. */
    scan: async () => {
      const items: Array<Record<string, unknown>> = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey }));
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return JSON.stringify(items.sort((a, b) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`)));
    },
  };
}
