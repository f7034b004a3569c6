// Addresses the portal no longer writes to: one that bounced for good or whose owner marked the portal's
// e-mail as spam (SES's events, through the configuration set, recorded by mailFeedback). Writing to them
// again would hurt every family's e-mail: SES pauses an account whose bounces or complaints run high. An
// administrator sees them and clears one (after the family fixed its address); the family sees a notice in the
// portal. `SUPPRESSED#address / SUPPRESSED`, listed on GSI1 (`SUPPRESSIONS`, newest last).
import { BatchGetCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, queryAll, tableName } from '../shared/dynamo';

export interface Suppression {
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's word on it: the bounce's diagnostic, or the complaint's kind. */
  detail: string;
  at: string;
}

const suppressionKey = (email: string) => ({ PK: `SUPPRESSED#${email.toLowerCase()}`, SK: 'SUPPRESSED' });

export async function suppress({ email, reason, detail, at }: Suppression): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...suppressionKey(email),
        GSI1PK: 'SUPPRESSIONS',
        GSI1SK: `${at}#${email.toLowerCase()}`,
        type: 'suppression',
        email: email.toLowerCase(),
        reason,
        detail: detail.slice(0, 500),
        at,
      },
    }),
  );
}

/** The suppressions among these addresses, by address (lower case). */
export async function suppressionsOf(emails: string[]): Promise<Map<string, Suppression>> {
  const keys = [...new Set(emails.map((email) => email.toLowerCase()))].map(suppressionKey);
  if (keys.length === 0) return new Map();
  // Few addresses (a family's); strongly consistent, so a bounce recorded a moment ago counts.
  const { Responses } = await dynamo.send(
    new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
  );
  const found = (Responses?.[tableName] ?? []) as Suppression[];
  return new Map(found.map((suppression) => [suppression.email, suppression]));
}

export async function listSuppressions(): Promise<Suppression[]> {
  const items = await queryAll<Suppression>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :suppressions',
    ExpressionAttributeValues: { ':suppressions': 'SUPPRESSIONS' },
    ScanIndexForward: false,
  });
  return items.map(({ email, reason, detail, at }) => ({ email, reason, detail, at }));
}

/** Writes to the address again; false when it was not suppressed. */
export async function clearSuppression(email: string): Promise<boolean> {
  const { Attributes } = await dynamo.send(
    new DeleteCommand({ TableName: tableName, Key: suppressionKey(email), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
}
