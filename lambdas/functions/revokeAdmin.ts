import { ADMIN_GROUP, type ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { failedPrecondition, notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';
import { groupMembers, removeFromGroup } from '../shared/userPool';
import { admins } from './admins';

/** Takes administrator access from an account; never the caller's own, so the programme keeps an administrator. */
export async function revokeAdmin({ email }: ParsedInput<'revokeAdmin'>, caller: Caller) {
  const member = (await groupMembers(ADMIN_GROUP)).find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
  if (!member) throw notFound(`${email} is not an administrator.`);
  if (member.sub === caller.sub) throw failedPrecondition('You cannot remove your own administrator access: ask another administrator.');
  await removeFromGroup(member.username, ADMIN_GROUP);
  return admins();
}

export const handler = portalHandler('revokeAdmin', revokeAdmin);
