import { invite, toInvitation } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { failedPrecondition } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';
import { callerEmail } from '../shared/ownAccount';

/** Invites an adult by e-mail to be a guardian of the caller's family. */
export async function inviteGuardian({ email }: ParsedInput<'inviteGuardian'>, caller: FamilyCaller) {
  const by = await callerEmail(caller);
  if (!by) throw failedPrecondition('Your account has no e-mail address on file: sign in again and retry.');
  const invitation = await invite({ familyId: caller.familyId, sub: caller.sub, email: by }, email);
  return { invitation: toInvitation(invitation) };
}

export const handler = limitedHandler('inviteGuardian', inviteGuardian);
