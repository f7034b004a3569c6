import { accountLanguage } from '../../families/accountLanguage';
import { familyAddresses } from '../../families/families';
import { choicesOf } from '../mailPreferences';
import { suppressionsOf } from '../suppressions';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';

/**
 * Whether the portal's e-mail reaches the addresses of the family's guardians (one that bounced or
 * complained does not), which e-mails the caller gets, and the language they get them in (once chosen).
 */
export async function myMailStatus(_input: object, caller: FamilyCaller) {
  const addresses = (await familyAddresses([caller.familyId])).get(caller.familyId) ?? [];
  const [suppressed, optional, language] = await Promise.all([
    suppressionsOf(addresses),
    choicesOf(caller.familyId, caller.sub),
    accountLanguage(caller.familyId, caller.sub),
  ]);
  return {
    optional,
    ...(language && { language }),
    addresses: addresses.map((email) => {
      const suppression = suppressed.get(email.toLowerCase());
      return {
        email,
        receives: !suppression,
        ...(suppression && { reason: suppression.reason, since: suppression.at }),
      };
    }),
  };
}

export const handler = familyHandler('myMailStatus', myMailStatus);
