import { familyAddresses } from '../data/families';
import { mailOffOf } from '../data/mailPreferences';
import { suppressionsOf } from '../data/suppressions';
import type { Caller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

/**
 * Whether the portal's e-mail reaches the family's addresses (one that bounced or complained does not), and
 * which optional e-mails it gets.
 */
export async function myMailStatus(_input: object, caller: Caller) {
  const addresses = (await familyAddresses([caller.sub])).get(caller.sub) ?? [];
  const [suppressed, off] = await Promise.all([suppressionsOf(addresses), mailOffOf(caller.sub)]);
  return {
    optional: { reminders: !off.includes('reminders'), announcements: !off.includes('announcements') },
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

export const handler = portalHandler('myMailStatus', myMailStatus);
