import { choicesOf, saveChoices } from '../mailPreferences';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/** Switches the caller's own e-mails on or off (each guardian of a family chooses their own). */
export async function saveMailPreferences(input: ParsedInput<'saveMailPreferences'>, caller: FamilyCaller) {
  const saved =
    input.enrollmentChanges === undefined || input.checkOuts === undefined
      ? await choicesOf(caller.familyId, caller.sub)
      : undefined;
  const choices = {
    reminders: input.reminders,
    announcements: input.announcements,
    enrollmentChanges: input.enrollmentChanges ?? saved!.enrollmentChanges,
    checkOuts: input.checkOuts ?? saved!.checkOuts,
  };
  await saveChoices(caller.familyId, caller.sub, choices);
  return { optional: choices };
}

export const handler = limitedHandler('saveMailPreferences', saveMailPreferences);
