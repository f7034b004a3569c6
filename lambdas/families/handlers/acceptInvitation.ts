import { accept } from '../guardians';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';
import { callerAddress } from '../ownAccount';

/** Accepts an invitation sent to the caller's address: they become a guardian of the family. */
export async function acceptInvitation({ token }: ParsedInput<'acceptInvitation'>, caller: FamilyCaller) {
  await accept(token, { sub: caller.sub, familyId: caller.familyId, email: await callerAddress(caller) });
  return {};
}

export const handler = limitedHandler('acceptInvitation', acceptInvitation);
