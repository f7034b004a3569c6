import { invitationOf, tokenFamily } from '../data/guardians';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

/**
 * The invitation a link names, for the page that accepts it: who sent it, to which address, until when;
 * `joined` once the caller is a guardian of that family (the link was used already).
 */
export async function invitation({ token }: ParsedInput<'invitation'>, caller: FamilyCaller) {
  if (tokenFamily(token) === caller.familyId) return { email: '', invitedByEmail: '', expiresAt: '', joined: true };
  const found = await invitationOf(token);
  return {
    email: found.email,
    invitedByEmail: found.invitedByEmail,
    expiresAt: new Date(found.expiresAt * 1000).toISOString(),
    joined: false,
  };
}

export const handler = portalHandler('invitation', invitation);
