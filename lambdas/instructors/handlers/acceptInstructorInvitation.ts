import { acceptInvitation } from '../instructors';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';
import { callerAddress } from '../../families/ownAccount';

/** Accepts the invitation to teach sent to the caller's own address: they are an instructor from their next call. */
export async function acceptInstructorInvitation(_payload: unknown, caller: FamilyCaller) {
  return { instructor: await acceptInvitation(caller.sub, await callerAddress(caller)) };
}

export const handler = limitedHandler('acceptInstructorInvitation', acceptInstructorInvitation);
