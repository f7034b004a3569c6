import { OPTIONAL_MAIL, saveMailOff } from '../data/mailPreferences';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';

/** Switches the optional e-mails (reminders, announcements) on or off for the family. */
export async function saveMailPreferences(input: ParsedInput<'saveMailPreferences'>, caller: Caller) {
  await saveMailOff(
    caller.sub,
    OPTIONAL_MAIL.filter((kind) => !input[kind]),
  );
  return { optional: input };
}

export const handler = limitedHandler('saveMailPreferences', saveMailPreferences);
