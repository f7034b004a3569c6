import { getProfile, guardiansOf } from '../families';
import { invitationFor, pendingInvitations, tokenFamily, toInvitation } from '../guardians';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyGuardian } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';
import { callerAddress, callerEmail } from '../ownAccount';

/**
 * The family's guardians (the caller marked `you`) and its invitations still waiting; with a link's token,
 * what that invitation offers (404 once accepted, cancelled or expired), for the page that accepts it: to the
 * account of the invited address only, and only who invites, to which family and until when.
 */
export async function guardians({ invitation }: ParsedInput<'guardians'>, caller: FamilyCaller) {
  const [profile, invitations, invited] = await Promise.all([
    getProfile(caller.familyId),
    pendingInvitations(caller.familyId),
    invitation === undefined ? undefined : invitedBy(invitation, caller),
  ]);
  const listed = profile ? guardiansOf(profile) : [];
  // A family's only guardian before its profile notes an address: the caller, with the account's own.
  const found: FamilyGuardian[] = listed.length
    ? listed.map(({ sub, email, joinedAt }) => ({ sub, email, ...(joinedAt && { joinedAt }) }))
    : [{ sub: caller.sub, email: (await callerEmail(caller)) ?? '' }];
  return {
    guardians: found.map((guardian) => (guardian.sub === caller.sub ? { ...guardian, you: true as const } : guardian)),
    invitations: invitations.map(toInvitation),
    ...(invited && { invited }),
  };
}

async function invitedBy(token: string, caller: FamilyCaller) {
  if (tokenFamily(token) === caller.familyId) return { email: '', invitedByEmail: '', expiresAt: '', joined: true };
  const found = await invitationFor(token, await callerAddress(caller));
  return {
    email: found.email,
    invitedByEmail: found.invitedByEmail,
    ...(found.familyName && { familyName: found.familyName }),
    expiresAt: new Date(found.expiresAt * 1000).toISOString(),
    joined: false,
  };
}

export const handler = familyHandler('guardians', guardians);
