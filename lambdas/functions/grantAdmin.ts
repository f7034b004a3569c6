import type { ParsedInput } from '../manifest';
import { adminList, grantAdminAccess } from '../shared/adminGroup';
import { portalHandler } from '../shared/handler';

/** Makes the account with this e-mail an administrator (effective at its next sign-in or token refresh). */
export async function grantAdmin({ email }: ParsedInput<'grantAdmin'>) {
  await grantAdminAccess(email);
  return adminList();
}

export const handler = portalHandler('grantAdmin', grantAdmin);
