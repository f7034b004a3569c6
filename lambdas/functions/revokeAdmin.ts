import type { ParsedInput } from '../manifest';
import { adminList, revokeAdminAccess } from '../shared/adminGroup';
import type { Caller } from '../shared/caller';
import { liveAdminHandler } from '../shared/liveAdminHandler';

/** Takes administrator access from an account and ends its sessions; never the caller's own. */
export async function revokeAdmin({ email }: ParsedInput<'revokeAdmin'>, caller: Caller) {
  await revokeAdminAccess(email, caller.sub);
  return adminList();
}

export const handler = liveAdminHandler('revokeAdmin', revokeAdmin);
