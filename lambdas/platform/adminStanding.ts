// Who is an administrator at this call: a member of the admin group as the user pool holds it now, whose
// account has its second factor (an authenticator app's code, TOTP) on now. The token's groups are only a
// claim: a token lives up to 15 minutes after its holder left the group, and a password alone must not open
// children's health notes and emergency contacts. Asked of the user pool at each call whose token says admin,
// so a family's call costs nothing.
import { ADMIN_GROUP, type Access } from '../contract/manifest';
import { permissionDenied } from '../contract/errors';
import type { Caller } from './caller';
import { groupsOf, secondFactorOn } from './userPool';

export const SECOND_FACTOR_NEEDED =
  'Administrators need a second factor: turn it on under "Second factor" in Manage Account, then sign in again.';

/**
 * The caller as the user pool says they are now: admin powers only with the group and the second factor. A
 * function only administrators may call refuses anyone else, saying why; any other function serves them as
 * the member of their groups they still are, without admin powers.
 */
export async function withAdminStanding(caller: Caller, access: Access): Promise<Caller> {
  const [groups, secondFactor] = await Promise.all([groupsOf(caller.username), secondFactorOn(caller.username)]);
  const member = groups.includes(ADMIN_GROUP);
  if (access === 'admin') {
    if (!member) throw permissionDenied('You are no longer an administrator.');
    if (!secondFactor) throw permissionDenied(SECOND_FACTOR_NEEDED);
  }
  return { ...caller, groups, isAdmin: member && secondFactor };
}
