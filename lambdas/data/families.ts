// A family is a user of the portal: its partition `FAMILY#sub` holds its profile, its students, a
// pointer to each of its enrollments and a marker per student's name and birth date.
//
// The profile (`PROFILE`) is the family's account record: the e-mail the portal writes to, and the counts
// the caps are judged on (students; active enrollments per semester and per class). Every transaction that
// changes what a count counts changes the count with it, under the condition that the cap still holds and
// that the account is not deleted. Deleting an account marks the profile first (`deletedAt`) and keeps it
// a day (`expiresAt`), far longer than the account's last access token lives, so that token can write
// nothing once the deletion began.
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, dynamo, queryAll, sleep, tableName, type Key } from '../shared/dynamo';
import { permissionDenied } from '../shared/errors';
import type { TransactItem } from '../shared/transact';
import { timeToLiveAttribute } from './table';

export const familyPartition = (familyId: string) => `FAMILY#${familyId}`;
export const profileKey = (familyId: string) => ({ PK: familyPartition(familyId), SK: 'PROFILE' });

export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted.';
export const accountDeleted = () => permissionDenied(ACCOUNT_DELETED_MESSAGE);

/** How long a deleted family's profile stays: a day, far longer than any access token lives. */
const DELETED_PROFILE_SECONDS = 24 * 60 * 60;

/** The names of the counts on the profile. */
export const studentCount = 'students';
export const semesterCount = (semesterId: string) => `semester#${semesterId}`;
export const classCount = (classId: string) => `class#${classId}`;

export interface FamilyProfile {
  familyId: string;
  email: string;
}

/** The profile as stored: the e-mail once known, the counts, and `deletedAt` once the account is being deleted. */
export type StoredProfile = { email?: string; deletedAt?: string } & Record<string, unknown>;

export async function getProfile(familyId: string): Promise<StoredProfile | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: profileKey(familyId), ConsistentRead: true }),
  );
  return Item as StoredProfile | undefined;
}

/** The e-mail of each family, by family id (families without one on file are left out). */
export async function familyEmails(familyIds: string[]): Promise<Map<string, string>> {
  const profiles = await batchGetAll<StoredProfile & { familyId: string }>([...new Set(familyIds)].map(profileKey));
  return new Map(
    profiles.flatMap((profile) =>
      typeof profile.email === 'string' ? [[profile.familyId, profile.email] as const] : [],
    ),
  );
}

/**
 * The addresses the portal writes to for each family, by family id: today the one of its account (its
 * login). A family with several guardians gets their addresses here, and every e-mail goes to all of them.
 */
export async function familyAddresses(familyIds: string[]): Promise<Map<string, string[]>> {
  return new Map([...(await familyEmails(familyIds))].map(([familyId, email]) => [familyId, [email]]));
}

/** Notes the family's e-mail, keeping its counts. */
export async function putFamilyProfile(profile: FamilyProfile): Promise<void> {
  await dynamo.send(new UpdateCommand(familyChange(profile.familyId, { email: profile.email, refuseDeleted: true })));
}

export interface FamilyChange {
  /** Amounts to add to the counts (negative: to take away). */
  counts?: Record<string, number>;
  /** The most each count may hold after the change (counts without a cap are not checked). */
  caps?: Record<string, number>;
  /** Counts that must not be on the profile yet (their first value was counted by a query). */
  absent?: string[];
  email?: string;
  /** Refused once the account is being deleted; the deletion's own cancellations are not. */
  refuseDeleted: boolean;
}

/** The update of the profile that goes into a family's transaction (it makes the profile when missing). */
export function familyChange(familyId: string, change: FamilyChange) {
  const names: Record<string, string> = { '#type': 'type' };
  const values: Record<string, unknown> = {
    ':now': new Date().toISOString(),
    ':family': 'family',
    ':familyId': familyId,
  };
  const conditions: string[] = change.refuseDeleted ? ['attribute_not_exists(deletedAt)'] : [];
  const adds = Object.entries(change.counts ?? {}).map(([name, amount], index) => {
    names[`#count${index}`] = name;
    values[`:count${index}`] = amount;
    const cap = change.caps?.[name];
    if (cap !== undefined) {
      values[`:cap${index}`] = cap - amount;
      // A change that alone passes the cap can never hold: no count is below zero.
      conditions.push(
        amount > cap
          ? `(attribute_exists(#count${index}) AND #count${index} <= :cap${index})`
          : `(attribute_not_exists(#count${index}) OR #count${index} <= :cap${index})`,
      );
    }
    return `#count${index} :count${index}`;
  });
  (change.absent ?? []).forEach((name, index) => {
    names[`#absent${index}`] = name;
    conditions.push(`attribute_not_exists(#absent${index})`);
  });
  const set = ['#type = :family', 'familyId = :familyId', 'updatedAt = :now'];
  if (change.email) {
    set.push('email = :email');
    values[':email'] = change.email;
  }
  return {
    TableName: tableName,
    Key: profileKey(familyId),
    UpdateExpression: `SET ${set.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
    ...(conditions.length && { ConditionExpression: conditions.join(' AND ') }),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

export const familyChangeItem = (familyId: string, change: FamilyChange): TransactItem => ({
  Update: familyChange(familyId, change),
});

/**
 * Marks the account as being deleted (a retried deletion keeps the first mark and its expiry) and forgets its e-mail;
 * from this write on, every write of the family's transactions is refused.
 */
export async function markAccountDeleted(familyId: string): Promise<void> {
  const now = new Date();
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: profileKey(familyId),
      UpdateExpression:
        'SET #type = :family, familyId = :familyId, deletedAt = if_not_exists(deletedAt, :now), #expires = if_not_exists(#expires, :expires) REMOVE email',
      ExpressionAttributeNames: { '#type': 'type', '#expires': timeToLiveAttribute },
      ExpressionAttributeValues: {
        ':family': 'family',
        ':familyId': familyId,
        ':now': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + DELETED_PROFILE_SECONDS,
      },
    }),
  );
}

/**
 * The family's items an account deletion sweeps once its students are gone: enrollment pointers and name
 * markers. Never the profile (it stays, marked) nor a student (removed only under its own condition).
 */
export async function familyItemKeys(familyId: string): Promise<Key[]> {
  const keys = await queryAll<Key>({
    KeyConditionExpression: 'PK = :family',
    ExpressionAttributeValues: { ':family': familyPartition(familyId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  return keys.filter((key) => key.SK !== 'PROFILE' && !key.SK.startsWith('STUDENT#'));
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
