// Which of the family's e-mails each guardian receives. Reminders before a class starts, administrators'
// messages (announcements) and the class day's check-outs are optional. Changes to the children's enrollments (and to their classes: closed,
// changed, a meeting cancelled) reach every guardian who did not switch them off, and always at least one:
// when every guardian switched them off (two switching at once, or the one who kept them left), they go to all.
// While a family has one guardian, its choices are on the profile (`mailOff`); from a second one on, each
// guardian's are on their entry of the profile's `guardians` (families.ts).
import { failedPrecondition } from '../contract/errors';
import type { AccountLanguage } from '../contract/languages';
import {
  accountDeleted,
  familyGuardians,
  getProfile,
  guardiansOf,
  profileEntity,
  type Guardian,
} from '../families/families';

export type OptionalMail = 'reminders' | 'announcements' | 'checkOuts';
const OPTIONAL_MAIL: readonly OptionalMail[] = ['reminders', 'announcements', 'checkOuts'];
/** The kinds of the family's e-mail a guardian chooses: enrollment changes, and the optional ones. */
export type MailKind = 'enrollmentChanges' | OptionalMail;
const MAIL_KINDS: readonly MailKind[] = ['enrollmentChanges', ...OPTIONAL_MAIL];
export type MailChoices = Record<MailKind, boolean>;

const receives = (guardian: Guardian, kind: MailKind) => !guardian.mailOff.includes(kind);

/** The guardians an e-mail of this kind goes to. */
export function recipientsOf(guardians: Guardian[], kind: MailKind): Guardian[] {
  const chosen = guardians.filter((guardian) => receives(guardian, kind));
  return kind === 'enrollmentChanges' && chosen.length === 0 ? guardians : chosen;
}

/** A guardian an e-mail goes to: their address, and the language they read it in (their account's). */
export interface Recipient {
  email: string;
  language: AccountLanguage;
}

/** The guardians an e-mail of this kind goes to, each in their language, by family id (none receiving it: none). */
export async function familyReaders(familyIds: string[], kind: MailKind): Promise<Map<string, Recipient[]>> {
  const found = await familyGuardians(familyIds);
  return new Map(
    [...found].flatMap(([familyId, guardians]) => {
      const to = recipientsOf(guardians, kind).map((guardian) => ({
        email: guardian.email,
        language: guardian.language ?? 'en',
      }));
      return to.length ? [[familyId, to] as const] : [];
    }),
  );
}

/** The addresses an e-mail of this kind goes to, by family id (families nobody of which receives it: none). */
export async function familyRecipients(familyIds: string[], kind: MailKind): Promise<Map<string, string[]>> {
  const found = await familyReaders(familyIds, kind);
  return new Map([...found].map(([familyId, readers]) => [familyId, readers.map((reader) => reader.email)]));
}

/** The families among these whose guardians all switched this kind of e-mail off. */
export async function switchedOff(familyIds: string[], kind: OptionalMail): Promise<Set<string>> {
  const found = await familyGuardians(familyIds);
  return new Set(
    [...found].filter(([, guardians]) => recipientsOf(guardians, kind).length === 0).map(([familyId]) => familyId),
  );
}

/** What one guardian of the family receives. */
export async function choicesOf(familyId: string, sub: string): Promise<MailChoices> {
  const profile = await getProfile(familyId);
  const me = profile && guardiansOf(profile).find((guardian) => guardian.sub === sub);
  const off = me?.mailOff ?? profile?.mailOff ?? [];
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !off.includes(kind)])) as MailChoices;
}

/**
 * Saves one guardian's choices. Enrollment changes are switched off only while another guardian receives
 * them (the family's only guardian always does).
 */
export async function saveChoices(familyId: string, sub: string, choices: MailChoices): Promise<void> {
  const profile = await getProfile(familyId);
  if (profile?.deletedAt) throw accountDeleted();
  const off = MAIL_KINDS.filter((kind) => !choices[kind]);
  const guardians = profile ? guardiansOf(profile) : [];
  if (!choices.enrollmentChanges) {
    const others = guardians.filter((guardian) => guardian.sub !== sub && receives(guardian, 'enrollmentChanges'));
    if (others.length === 0)
      throw failedPrecondition(
        profile?.guardians
          ? 'Another guardian must receive the e-mails about enrollment changes before you switch them off.'
          : "You are the family's only guardian: the e-mails about enrollment changes always go to you.",
      );
  }
  const saved = profile?.guardians
    ? await profileEntity.tryUpdate(
        { familyId },
        {
          setClauses: ['guardians.#me.mailOff = :off'],
          names: { '#me': sub },
          values: { ':off': off },
          condition: 'attribute_exists(guardians.#me) AND attribute_not_exists(deletedAt)',
        },
      )
    : await profileEntity.tryUpdate(
        { familyId },
        {
          set: { mailOff: off, type: profileEntity.type, familyId },
          condition: 'attribute_not_exists(deletedAt) AND attribute_not_exists(guardians)',
        },
      );
  if (!saved) throw failedPrecondition('Your family changed meanwhile. Please try again.');
}
