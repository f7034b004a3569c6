// A class's line held by "another allocator" (as on a busy day, when a lease holder is deciding elsewhere), written
// straight to the line's lease: requests wait in line, and are told so, until the test lets go.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';

const leaseOf = (classId: string) => ({ PK: `QUEUE#LINE#${classId}`, SK: 'LEASE' });

/** Holds the line for `ms`, keeping its tally (a lease there already keeps what it counted). */
export async function holdLine(classId: string, ms: number): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: leaseOf(classId),
      UpdateExpression: 'SET #type = :type, #owner = :owner, leaseUntil = :until, leaseMs = :ms',
      ExpressionAttributeNames: { '#type': 'type', '#owner': 'owner' },
      ExpressionAttributeValues: {
        ':type': 'lease',
        ':owner': 'another allocator',
        ':until': Date.now() + ms,
        ':ms': ms,
      },
    }),
  );
}

/** Lets the line go: the next caller takes its lease and decides it. */
export async function letLineGo(classId: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: leaseOf(classId),
      UpdateExpression: 'REMOVE #owner, leaseUntil',
      ExpressionAttributeNames: { '#owner': 'owner' },
    }),
  );
}

/** Plays `decided` requests of the line decided elsewhere: its tally, as the allocator's batches add to it. */
export async function advanceLine(classId: string, decided: number): Promise<void> {
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: leaseOf(classId),
      UpdateExpression: 'ADD decided :decided SET decidedAt = :now',
      ExpressionAttributeValues: { ':decided': decided, ':now': Date.now() },
    }),
  );
}
