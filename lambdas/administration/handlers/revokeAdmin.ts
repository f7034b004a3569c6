import type { ParsedInput } from '../../contract/manifest';
import { adminList, revokeAdminAccess } from '../../platform/adminGroup';
import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/** Takes administrator access from an account and ends its sessions; never the caller's own. */
export async function revokeAdmin({ email }: ParsedInput<'revokeAdmin'>, caller: Caller) {
  await revokeAdminAccess(email, caller.sub);
  return adminList();
}

export const handler = portalHandler('revokeAdmin', revokeAdmin);
