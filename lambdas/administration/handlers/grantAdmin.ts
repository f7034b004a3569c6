import type { ParsedInput } from '../../contract/manifest';
import { adminList, grantAdminAccess } from '../../platform/adminGroup';
import { portalHandler } from '../../platform/handler';

/** Makes the account with this e-mail an administrator (effective at its next sign-in or token refresh). */
export async function grantAdmin({ email }: ParsedInput<'grantAdmin'>) {
  await grantAdminAccess(email);
  return adminList();
}

export const handler = portalHandler('grantAdmin', grantAdmin);
