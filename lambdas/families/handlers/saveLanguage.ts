import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';
import { logger } from '../../platform/logger';
import { saveLanguage as keepLanguage } from '../accountLanguage';
import { setOwnLocale } from '../ownAccount';

/**
 * Keeps the caller's language on their account: on the family's profile, which the e-mails to each guardian
 * read, and as the user pool's `locale`, which its own e-mails (a password reset's code) read. The profile is
 * the account's record: the user pool's copy failing is logged, and the call still succeeds.
 */
export async function saveLanguage(input: ParsedInput<'saveLanguage'>, caller: FamilyCaller) {
  await keepLanguage(caller.familyId, caller.sub, input.language);
  if (caller.accessToken)
    await setOwnLocale(caller.accessToken, input.language).catch((error: unknown) =>
      logger.warn("The user pool's locale was not updated: its own e-mails keep the language they had.", { error }),
    );
  return { language: input.language };
}

export const handler = limitedHandler('saveLanguage', saveLanguage);
