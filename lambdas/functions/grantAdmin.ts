import { ADMIN_GROUP, type ParsedInput } from '../manifest';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';
import { addToGroup, userByEmail } from '../shared/userPool';
import { admins } from './admins';

/** Makes the account with this e-mail an administrator (effective at its next sign-in or token refresh). */
export async function grantAdmin({ email }: ParsedInput<'grantAdmin'>) {
  const user = await userByEmail(email);
  if (!user) throw notFound(`No account uses ${email}: the person must create an account first.`);
  await addToGroup(user.username, ADMIN_GROUP);
  return admins();
}

export const handler = portalHandler('grantAdmin', grantAdmin);
