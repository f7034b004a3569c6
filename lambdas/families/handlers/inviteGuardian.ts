import { invite, toInvitation } from '../guardians';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';
import { callerAddress } from '../ownAccount';

/** Invites an adult by e-mail to be a guardian of the caller's family, named as the caller gives it. */
export async function inviteGuardian({ email, familyName }: ParsedInput<'inviteGuardian'>, caller: FamilyCaller) {
  const by = await callerAddress(caller);
  const invitation = await invite({ familyId: caller.familyId, sub: caller.sub, email: by }, email, familyName);
  return { invitation: toInvitation(invitation) };
}

export const handler = limitedHandler('inviteGuardian', inviteGuardian);
