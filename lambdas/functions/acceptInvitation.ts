import { accept } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { failedPrecondition } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';
import { callerEmail } from '../shared/ownAccount';

/** Accepts an invitation sent to the caller's address: they become a guardian of the family. */
export async function acceptInvitation({ token }: ParsedInput<'acceptInvitation'>, caller: FamilyCaller) {
  const email = await callerEmail(caller);
  if (!email) throw failedPrecondition('Your account has no e-mail address on file: sign in again and retry.');
  await accept(token, { sub: caller.sub, familyId: caller.familyId, email });
  return {};
}

export const handler = limitedHandler('acceptInvitation', acceptInvitation);
