// A family is a user of the portal: its partition `FAMILY#id` holds its profile, its students, a
// pointer to each of its enrollments and a marker per student's name and birth date. Its id is the sub of
// the login that made it; the family may have several guardians (logins), see guardians.ts.
//
// The profile (`PROFILE`) is the family's account record: the e-mail the portal writes to, and the counts
// the caps are judged on (students; active enrollments per semester and per class). Every transaction that
// changes what a count counts changes the count with it, under the condition that the cap still holds and
// that the account is not deleted. Deleting an account marks the profile first (`deletedAt`) and keeps it
// a day (`expiresAt`), far longer than the account's last access token lives, so that token can write
// nothing once the deletion began.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/dynamo';
import { permissionDenied } from '../contract/errors';
import type { TransactItem } from '../platform/transact';
import { entity, optional, type ItemUpdate, type StoredItem } from '../platform/entity';
import { partitions } from '../platform/partitions';
import { timeToLiveAttribute } from '../platform/table';
import { ACCOUNT_LANGUAGES, type AccountLanguage } from '../contract/languages';

const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted.';
export const accountDeleted = () => permissionDenied(ACCOUNT_DELETED_MESSAGE);

/** How long a deleted family's profile stays: a day, far longer than any access token lives. */
const DELETED_PROFILE_SECONDS = 24 * 60 * 60;

/** The names of the counts on the profile. */
export const studentCount = 'students';
export const semesterCount = (semesterId: string) => `semester#${semesterId}`;
export const classCount = (classId: string) => `class#${classId}`;
const isCountName = (name: string) =>
  name === studentCount || name.startsWith(semesterCount('')) || name.startsWith(classCount(''));

export interface FamilyProfile {
  familyId: string;
  email: string;
}

/** The profile as stored: the e-mail once known, the counts, and `deletedAt` once the account is being deleted. */
export interface StoredProfile {
  familyId: string;
  email?: string;
  deletedAt?: string;
  /** The counts the caps are judged on, by name (studentCount, semesterCount, classCount). */
  counts: Record<string, number>;
  /** The kinds of optional e-mail the family switched off (mailPreferences.ts), while it has one guardian. */
  mailOff?: string[];
  /** The language of the family's one guardian (the login the family is named by), once chosen. */
  language?: AccountLanguage;
  /**
   * The family's guardians by sub, once a second one joined (guardians.ts); absent, the family's one guardian
   * is the login that made it (its id), writing from `email`, its choices in `mailOff`.
   */
  guardians?: Record<string, GuardianEntry>;
}

/** A guardian as the profile keeps them: the address the portal writes to, and the e-mails they switched off. */
export interface GuardianEntry {
  email: string;
  joinedAt: string;
  mailOff: string[];
  /** The language the guardian reads the portal and its e-mails in, once chosen (absent: English). */
  language?: AccountLanguage;
}

/** A stored language, when it is one the portal speaks. */
const languageIn = (value: string | undefined): AccountLanguage | undefined =>
  ACCOUNT_LANGUAGES.find((language) => language === value);

export interface Guardian extends GuardianEntry {
  sub: string;
}

function readGuardians(item: StoredItem): Record<string, GuardianEntry> | undefined {
  if (item.item.guardians === undefined) return undefined;
  const map = item.nested('guardians');
  return Object.fromEntries(
    Object.keys(map.item).map((sub) => {
      const entry = map.nested(sub);
      const language = languageIn(entry.optionalString('language'));
      return [
        sub,
        {
          email: entry.string('email'),
          joinedAt: entry.string('joinedAt'),
          mailOff: entry.strings('mailOff'),
          ...(language && { language }),
        },
      ];
    }),
  );
}

/**
 * The family's guardians, first to join first: those on the profile, or the one who made the family (while
 * it has no second one; none when the profile has no e-mail yet or the account is deleted).
 */
export function guardiansOf(profile: StoredProfile): Guardian[] {
  if (profile.guardians)
    return Object.entries(profile.guardians)
      .map(([sub, entry]) => ({ sub, ...entry }))
      .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.sub.localeCompare(b.sub));
  if (!profile.email || profile.deletedAt) return [];
  return [
    {
      sub: profile.familyId,
      email: profile.email,
      joinedAt: '',
      mailOff: profile.mailOff ?? [],
      ...(profile.language && { language: profile.language }),
    },
  ];
}

export const profileEntity = entity<StoredProfile, Pick<StoredProfile, 'familyId'>>({
  type: 'family',
  key: { partition: ({ familyId }) => partitions.family(familyId), sort: 'PROFILE' },
  read: (item) => ({
    familyId: item.string('familyId'),
    ...optional('email', item.optionalString('email')),
    ...optional('deletedAt', item.optionalString('deletedAt')),
    ...optional('mailOff', item.item.mailOff === undefined ? undefined : item.strings('mailOff')),
    ...optional('language', languageIn(item.optionalString('language'))),
    ...optional('guardians', readGuardians(item)),
    counts: Object.fromEntries(
      Object.keys(item.item)
        .filter(isCountName)
        .map((name) => [name, item.number(name)]),
    ),
  }),
});

export function getProfile(familyId: string): Promise<StoredProfile | undefined> {
  return profileEntity.get({ familyId });
}

/** The guardians of each family, by family id (families with none on file are left out). */
export async function familyGuardians(familyIds: string[]): Promise<Map<string, Guardian[]>> {
  const found = await profileEntity.getMany([...new Set(familyIds)].map((familyId) => ({ familyId })));
  return new Map(
    found.flatMap((profile) => {
      const guardians = guardiansOf(profile);
      return guardians.length ? [[profile.familyId, guardians] as const] : [];
    }),
  );
}

/** The e-mail of each family's first guardian, by family id (families without one on file are left out). */
export async function familyEmails(familyIds: string[]): Promise<Map<string, string>> {
  return new Map(
    [...(await familyGuardians(familyIds))].map(([familyId, guardians]) => [familyId, guardians[0]!.email]),
  );
}

/** How a family's guardians are reached, as the administrators' lists show them: the first and the others. */
export function guardianContact(addresses: string[] | undefined): {
  guardianEmail?: string;
  otherGuardianEmails?: string[];
} {
  const [first, ...others] = addresses ?? [];
  return { ...(first && { guardianEmail: first }), ...(others.length && { otherGuardianEmails: others }) };
}

/** The addresses of every guardian of each family, by family id. */
export async function familyAddresses(familyIds: string[]): Promise<Map<string, string[]>> {
  return new Map(
    [...(await familyGuardians(familyIds))].map(([familyId, guardians]) => [familyId, guardians.map((g) => g.email)]),
  );
}

/** Notes the family's e-mail, keeping its counts. */
export async function putFamilyProfile(profile: FamilyProfile): Promise<void> {
  await dynamo.send(
    new UpdateCommand(
      profileEntity.update(
        { familyId: profile.familyId },
        familyUpdate(profile.familyId, { email: profile.email, refuseDeleted: true }),
      ),
    ),
  );
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
function familyUpdate(familyId: string, change: FamilyChange): ItemUpdate {
  const counts = Object.entries(change.counts ?? {});
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  const conditions: string[] = change.refuseDeleted ? ['attribute_not_exists(deletedAt)'] : [];
  counts.forEach(([name, amount], index) => {
    const cap = change.caps?.[name];
    if (cap === undefined) return;
    // The builder names the index-th attribute of `add` #add<index>, its amount :add<index>.
    values[`:cap${index}`] = cap - amount;
    // A change that alone passes the cap can never hold: no count is below zero.
    conditions.push(
      amount > cap
        ? `(attribute_exists(#add${index}) AND #add${index} <= :cap${index})`
        : `(attribute_not_exists(#add${index}) OR #add${index} <= :cap${index})`,
    );
  });
  (change.absent ?? []).forEach((name, index) => {
    names[`#absent${index}`] = name;
    conditions.push(`attribute_not_exists(#absent${index})`);
  });
  return {
    set: {
      type: profileEntity.type,
      familyId,
      updatedAt: new Date().toISOString(),
      ...(change.email && { email: change.email }),
    },
    add: Object.fromEntries(counts),
    names,
    values,
    ...(conditions.length && { condition: conditions.join(' AND ') }),
  };
}

export const familyChangeItem = (familyId: string, change: FamilyChange): TransactItem =>
  profileEntity.updateItem({ familyId }, familyUpdate(familyId, change));

/**
 * Marks the account as being deleted (a retried deletion keeps the first mark and its expiry) and forgets its e-mail;
 * from this write on, every write of the family's transactions is refused, a guardian joining it too. False
 * (nothing written) when the family has another guardian: the family is not the caller's alone to delete.
 */
export async function markAccountDeleted(familyId: string): Promise<boolean> {
  const now = new Date();
  return profileEntity.tryUpdate(
    { familyId },
    {
      set: { type: profileEntity.type, familyId },
      setClauses: ['deletedAt = if_not_exists(deletedAt, :now)', '#expires = if_not_exists(#expires, :expires)'],
      remove: ['email'],
      names: { '#expires': timeToLiveAttribute },
      values: {
        ':now': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + DELETED_PROFILE_SECONDS,
        ':one': 1,
      },
      condition: 'attribute_not_exists(guardians) OR size(guardians) <= :one',
    },
  );
}
