import { accept } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';
import { callerAddress } from '../shared/ownAccount';

/** Accepts an invitation sent to the caller's address: they become a guardian of the family. */
export async function acceptInvitation({ token }: ParsedInput<'acceptInvitation'>, caller: FamilyCaller) {
  await accept(token, { sub: caller.sub, familyId: caller.familyId, email: await callerAddress(caller) });
  return {};
}

export const handler = limitedHandler('acceptInvitation', acceptInvitation);
