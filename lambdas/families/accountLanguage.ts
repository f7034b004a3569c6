// The language an account reads the portal and its e-mails in (issue 34), kept where the account's profile lives:
// on the family's profile, beside each guardian's e-mail choices (families.ts): `language` while the family has
// one guardian (the login the family is named by, an instructor's login too), each guardian's entry of `guardians`
// from a second one on. Absent until chosen: English.
import type { AccountLanguage } from '../contract/languages';
import { failedPrecondition } from '../contract/errors';
import { accountDeleted, getProfile, profileEntity, type StoredProfile } from './families';

/** The language one login of the family chose, if any. */
export function languageOf(profile: StoredProfile | undefined, sub: string): AccountLanguage | undefined {
  if (profile?.guardians) return profile.guardians[sub]?.language;
  return profile?.language;
}

/** The caller's own language, as the family's profile keeps it (none chosen yet: undefined). */
export async function accountLanguage(familyId: string, sub: string): Promise<AccountLanguage | undefined> {
  return languageOf(await getProfile(familyId), sub);
}

/** Keeps the login's language on its family's profile (made when missing, like the e-mail choices). */
export async function saveLanguage(familyId: string, sub: string, language: AccountLanguage): Promise<void> {
  const profile = await getProfile(familyId);
  if (profile?.deletedAt) throw accountDeleted();
  const saved = profile?.guardians
    ? await profileEntity.tryUpdate(
        { familyId },
        {
          setClauses: ['guardians.#me.#language = :language'],
          names: { '#me': sub, '#language': 'language' },
          values: { ':language': language },
          condition: 'attribute_exists(guardians.#me) AND attribute_not_exists(deletedAt)',
        },
      )
    : await profileEntity.tryUpdate(
        { familyId },
        {
          set: { language, type: profileEntity.type, familyId },
          condition: 'attribute_not_exists(deletedAt) AND attribute_not_exists(guardians)',
        },
      );
  if (!saved) throw failedPrecondition('Your family changed meanwhile. Please try again.');
}
