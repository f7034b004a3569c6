// Who is administrator: the rules of granting and revoking, shared by the admin functions and
// `npm run admin`.
import { ADMIN_GROUP } from '../contract/manifest';
import { failedPrecondition, notFound } from '../contract/errors';
import {
  addToGroup,
  groupMembers,
  removeFromGroup,
  signOutEverywhere,
  userByEmail,
  type PoolUser,
  type PoolUserDetails,
} from './userPool';

/** The account that uses this e-mail, whatever its case. */
export async function accountByEmail(email: string): Promise<PoolUserDetails> {
  const user = await userByEmail(email);
  if (!user) throw notFound(`No account uses ${email}: the person must create an account first.`);
  return user;
}

/**
 * Adds the account to the admin group, only once it has proven its address with the code sent to it (anyone
 * may sign up with any address, and an unproven one says nothing about who holds the account) and has its
 * second factor on: an administrator without it would be refused at every admin screen, and until they set it
 * up, whoever learnt their password could set up their own.
 */
export async function grantAdminAccess(email: string): Promise<PoolUserDetails> {
  const user = await accountByEmail(email);
  if (!user.confirmed || !user.verified) {
    throw failedPrecondition(
      `${user.email} has not confirmed its e-mail address yet: the person must enter the code sent to it before becoming an administrator.`,
    );
  }
  if (!user.secondFactor) {
    throw failedPrecondition(
      `${user.email} has no second factor yet: the person must turn it on under "Second factor" in Manage Account before becoming an administrator.`,
    );
  }
  await addToGroup(user.username, ADMIN_GROUP);
  return user;
}

/**
 * Removes the account from the admin group and signs it out everywhere, so no refresh token of it gets new
 * tokens; never the account `keeping` (the caller), so the programme keeps an administrator.
 */
export async function revokeAdminAccess(email: string, keeping?: string): Promise<PoolUser> {
  const member = (await groupMembers(ADMIN_GROUP)).find(
    (candidate) => candidate.email.toLowerCase() === email.toLowerCase(),
  );
  if (!member) throw notFound(`${email} is not an administrator.`);
  if (member.sub === keeping)
    throw failedPrecondition('You cannot remove your own administrator access: ask another administrator.');
  await removeFromGroup(member.username, ADMIN_GROUP);
  await signOutEverywhere(member.username);
  return member;
}

/** The members of the admin group. */
export async function adminList() {
  return { admins: (await groupMembers(ADMIN_GROUP)).map(({ email, sub }) => ({ email, sub })) };
}
