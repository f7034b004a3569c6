// The e-mails a family may switch off: reminders before a class starts, and administrators' messages
// (announcements). Changes to its children's enrollments, class changes and cancelled meetings always go out.
// Kept on the family's profile (`FAMILY#sub / PROFILE`, attribute `mailOff`).
import { accountDeleted, profileEntity } from './families';

export type OptionalMail = 'reminders' | 'announcements';
export const OPTIONAL_MAIL: readonly OptionalMail[] = ['reminders', 'announcements'];

/** The families among these that switched this kind of e-mail off. */
export async function switchedOff(familyIds: string[], kind: OptionalMail): Promise<Set<string>> {
  const profiles = await profileEntity.getMany([...new Set(familyIds)].map((familyId) => ({ familyId })));
  return new Set(profiles.filter((profile) => profile.mailOff?.includes(kind)).map((profile) => profile.familyId));
}

/** The kinds the family switched off. */
export async function mailOffOf(familyId: string): Promise<OptionalMail[]> {
  const profile = await profileEntity.get({ familyId });
  return (profile?.mailOff ?? []).filter((kind): kind is OptionalMail => OPTIONAL_MAIL.includes(kind as OptionalMail));
}

export async function saveMailOff(familyId: string, off: OptionalMail[]): Promise<void> {
  const saved = await profileEntity.tryUpdate(
    { familyId },
    { set: { mailOff: off, type: profileEntity.type, familyId }, condition: 'attribute_not_exists(deletedAt)' },
  );
  if (!saved) throw accountDeleted();
}
