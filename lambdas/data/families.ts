// A family is a user of the portal: its partition `FAMILY#sub` holds its profile (the e-mail the portal
// writes to), its students and a pointer to each of its enrollments.
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, dynamo, queryAll, sleep, tableName, type Key } from '../shared/dynamo';

export const familyPartition = (familyId: string) => `FAMILY#${familyId}`;
export const profileKey = (familyId: string) => ({ PK: familyPartition(familyId), SK: 'PROFILE' });

export interface FamilyProfile {
  familyId: string;
  email: string;
}

export async function getFamilyProfile(familyId: string): Promise<FamilyProfile | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: profileKey(familyId) }));
  return Item && { familyId, email: String(Item.email) };
}

/** The e-mail of each family, by family id (families without a profile are left out). */
export async function familyEmails(familyIds: string[]): Promise<Map<string, string>> {
  const profiles = await batchGetAll<FamilyProfile>([...new Set(familyIds)].map(profileKey));
  return new Map(profiles.map((profile) => [profile.familyId, profile.email]));
}

export async function putFamilyProfile(profile: FamilyProfile): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName, Item: { ...profileKey(profile.familyId), type: 'family', ...profile, updatedAt: new Date().toISOString() } }));
}

/** Every item of the family's partition: profile, students, enrollment pointers. */
export async function familyItemKeys(familyId: string): Promise<Key[]> {
  return queryAll<Key>({
    KeyConditionExpression: 'PK = :family',
    ExpressionAttributeValues: { ':family': familyPartition(familyId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
}

const BATCH_WRITE_LIMIT = 25;

export async function deleteItems(keys: Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    let pending = keys.slice(start, start + BATCH_WRITE_LIMIT).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await sleep(Math.min(1000, 2 ** attempt * 25) * Math.random());
      const { UnprocessedItems } = await dynamo.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] as typeof pending | undefined) ?? [];
    }
  }
}
