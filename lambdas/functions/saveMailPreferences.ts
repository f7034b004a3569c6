import { choicesOf, saveChoices } from '../data/mailPreferences';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';

/** Switches the caller's own e-mails on or off (each guardian of a family chooses their own). */
export async function saveMailPreferences(input: ParsedInput<'saveMailPreferences'>, caller: FamilyCaller) {
  const choices = {
    reminders: input.reminders,
    announcements: input.announcements,
    enrollmentChanges: input.enrollmentChanges ?? (await choicesOf(caller.familyId, caller.sub)).enrollmentChanges,
  };
  await saveChoices(caller.familyId, caller.sub, choices);
  return { optional: choices };
}

export const handler = limitedHandler('saveMailPreferences', saveMailPreferences);
