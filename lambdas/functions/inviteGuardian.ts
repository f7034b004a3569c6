import { invite, toInvitation } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';
import { callerAddress } from '../shared/ownAccount';

/** Invites an adult by e-mail to be a guardian of the caller's family, named as the caller gives it. */
export async function inviteGuardian({ email, familyName }: ParsedInput<'inviteGuardian'>, caller: FamilyCaller) {
  const by = await callerAddress(caller);
  const invitation = await invite({ familyId: caller.familyId, sub: caller.sub, email: by }, email, familyName);
  return { invitation: toInvitation(invitation) };
}

export const handler = limitedHandler('inviteGuardian', inviteGuardian);
