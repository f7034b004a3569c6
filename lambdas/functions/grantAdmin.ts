import type { ParsedInput } from '../manifest';
import { adminList, grantAdminAccess } from '../shared/adminGroup';
import { liveAdminHandler } from '../shared/liveAdminHandler';

/** Makes the account with this e-mail an administrator (effective at its next sign-in or token refresh). */
export async function grantAdmin({ email }: ParsedInput<'grantAdmin'>) {
  await grantAdminAccess(email);
  return adminList();
}

export const handler = liveAdminHandler('grantAdmin', grantAdmin);
