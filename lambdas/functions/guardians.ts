import { getProfile, guardiansOf } from '../data/families';
import { pendingInvitations, toInvitation } from '../data/guardians';
import type { FamilyGuardian } from '../records';
import type { FamilyCaller } from '../shared/caller';
import { portalHandler } from '../shared/handler';
import { ownEmail } from '../shared/ownAccount';

/** The family's guardians (the caller marked `you`), and its invitations still waiting. */
export async function guardians(_input: object, caller: FamilyCaller) {
  const [profile, invitations] = await Promise.all([getProfile(caller.familyId), pendingInvitations(caller.familyId)]);
  const listed = profile ? guardiansOf(profile) : [];
  // A family's only guardian before its profile notes an address: the caller, with the account's own.
  const found: FamilyGuardian[] = listed.length
    ? listed.map(({ sub, email, joinedAt }) => ({ sub, email, ...(joinedAt && { joinedAt }) }))
    : [{ sub: caller.sub, email: (caller.accessToken && (await ownEmail(caller.accessToken))) ?? '' }];
  return {
    guardians: found.map((guardian) => (guardian.sub === caller.sub ? { ...guardian, you: true as const } : guardian)),
    invitations: invitations.map(toInvitation),
  };
}

export const handler = portalHandler('guardians', guardians);
