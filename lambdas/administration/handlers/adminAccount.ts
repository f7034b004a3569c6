import type { ParsedInput } from '../../contract/manifest';
import { accountByEmail } from '../../platform/adminGroup';
import { portalHandler } from '../../platform/handler';

/**
 * The account an administrator is about to grant admin access: its exact e-mail, whether it is proven, its age,
 * whether its second factor is on.
 */
export async function adminAccount({ email }: ParsedInput<'adminAccount'>) {
  const { email: exactEmail, sub, verified, confirmed, createdAt, secondFactor } = await accountByEmail(email);
  return { account: { email: exactEmail, sub, verified, confirmed, createdAt, secondFactor } };
}

export const handler = portalHandler('adminAccount', adminAccount);
