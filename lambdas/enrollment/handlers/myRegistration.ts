import { enrollGate, semestersOpenToSomeone } from '../allocationSettings';
import type { RegistrationStanding } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { messageIn } from '../../platform/errorLanguage';
import { familyHandler } from '../../platform/familyHandler';

/**
 * Whether the family may enroll now in each semester open for enrollment to someone (Class Registration's
 * semesters: its registration window, or a priority window before it), and when not, when it may: the page
 * offers Enroll only where it can work, and says the rest before anything is pressed.
 */
export async function myRegistration(
  _input: unknown,
  caller: FamilyCaller,
): Promise<{ semesters: Record<string, RegistrationStanding> }> {
  const now = new Date();
  const standings = await Promise.all(
    (await semestersOpenToSomeone(now)).map(async ([semester]): Promise<[string, RegistrationStanding]> => {
      const gate = await enrollGate(semester, caller.familyId, now);
      return [
        semester.id,
        gate.open ? { open: true } : { open: false, message: messageIn(caller.language, gate.message) },
      ];
    }),
  );
  return { semesters: Object.fromEntries(standings) };
}

export const handler = familyHandler('myRegistration', myRegistration);
