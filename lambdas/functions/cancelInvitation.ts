import { cancelInvitation as cancel } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';

/** Cancels one of the family's invitations still waiting: its link no longer works. */
export async function cancelInvitation({ invitationId }: ParsedInput<'cancelInvitation'>, caller: FamilyCaller) {
  await cancel(caller.familyId, invitationId);
  return {};
}

export const handler = limitedHandler('cancelInvitation', cancelInvitation);
