import { allocationSettingsOfMany, enrollGate, openToSomeone } from '../allocationSettings';
import { listSemesters } from '../../catalogue/semesters';
import type { RegistrationStanding } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
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
  const semesters = await listSemesters();
  const settings = await allocationSettingsOfMany(semesters.map((semester) => semester.id));
  const open = semesters.filter((semester) => openToSomeone(semester, settings.get(semester.id)!, now));
  const standings = await Promise.all(
    open.map(async (semester): Promise<[string, RegistrationStanding]> => {
      const gate = await enrollGate(semester, caller.familyId, now);
      return [semester.id, gate.open ? { open: true } : { open: false, message: gate.message }];
    }),
  );
  return { semesters: Object.fromEntries(standings) };
}

export const handler = familyHandler('myRegistration', myRegistration);
