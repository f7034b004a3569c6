// Per-user call limits: a counter per user, function and time window (`RATE#sub / function#window`),
// raised under a condition so a storm of calls from one account stops at the limit, whatever the
// number of Lambdas serving it. The counters expire on their own (TTL).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../shared/dynamo';
import { timeToLiveAttribute } from './table';

export interface CallLimit {
  calls: number;
  perSeconds: number;
}

/** Counts a call; the seconds to wait when the window's limit is already reached. */
export async function countCall(userId: string, functionName: string, limit: CallLimit, now = Date.now()): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const windowMs = limit.perSeconds * 1000;
  const window = Math.floor(now / windowMs);
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `RATE#${userId}`, SK: `${functionName}#${window}` },
        UpdateExpression: 'ADD calls :one SET #expires = :expires',
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :limit',
        ExpressionAttributeNames: { '#expires': timeToLiveAttribute },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.calls, ':expires': Math.ceil(((window + 2) * windowMs) / 1000) },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) };
  }
}
