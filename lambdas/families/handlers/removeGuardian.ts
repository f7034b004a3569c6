import { cancelInvitation, removeGuardian as remove } from '../guardians';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * Takes a guardian off the caller's family, or the caller themselves (leaving it); the family keeps at
 * least one. The one who goes manages a new, empty family of their own from their next call. With
 * `invitationId`, an invited adult is taken off instead: the invitation is cancelled, its link stops working.
 */
export async function removeGuardian({ sub, invitationId }: ParsedInput<'removeGuardian'>, caller: FamilyCaller) {
  if (invitationId) await cancelInvitation(caller.familyId, invitationId);
  else await remove(caller.familyId, sub!, sub === caller.sub ? 'left' : 'removed');
  return {};
}

export const handler = limitedHandler('removeGuardian', removeGuardian);
