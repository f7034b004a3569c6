// The e-mails a family may switch off: reminders before a class starts, and administrators' messages
// (announcements). Changes to its children's enrollments, class changes and cancelled meetings always go out.
// Kept on the family's profile (`FAMILY#sub / PROFILE`, attribute `mailOff`).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, dynamo, tableName } from '../shared/dynamo';
import { accountDeleted, profileKey } from './families';

export type OptionalMail = 'reminders' | 'announcements';
export const OPTIONAL_MAIL: readonly OptionalMail[] = ['reminders', 'announcements'];

/** The families among these that switched this kind of e-mail off. */
export async function switchedOff(familyIds: string[], kind: OptionalMail): Promise<Set<string>> {
  const profiles = await batchGetAll<{ familyId: string; mailOff?: string[] }>([...new Set(familyIds)].map(profileKey));
  return new Set(profiles.filter((profile) => profile.mailOff?.includes(kind)).map((profile) => profile.familyId));
}

/** The kinds the family switched off. */
export async function mailOffOf(familyId: string): Promise<OptionalMail[]> {
  const [profile] = await batchGetAll<{ mailOff?: OptionalMail[] }>([profileKey(familyId)], { ConsistentRead: true });
  return profile?.mailOff ?? [];
}

export async function saveMailOff(familyId: string, off: OptionalMail[]): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(familyId),
        UpdateExpression: 'SET mailOff = :off, #type = :family, familyId = :familyId',
        ConditionExpression: 'attribute_not_exists(deletedAt)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':off': off, ':family': 'family', ':familyId': familyId },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw accountDeleted();
    throw error;
  }
}
