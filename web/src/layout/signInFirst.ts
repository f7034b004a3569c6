import { paths } from './paths';

/**
 * Where a signed-out visitor of a page signs in first, when not the sign-in screen, and what it says (the guards
 * send them there, and so does a page that signs its user out to sign in with another account): an
 * invitation's link mostly reaches someone without an account yet, so it opens account creation (which links to
 * signing in) with what the invitation needs. The server tells the link's holder nothing of the family or the
 * address; the address the e-mail went to rides in the link's fragment (`#to=`), which no request carries.
 */
const SIGN_IN_FIRST: Partial<Record<string, { to: string; purpose: string }>> = {
  [paths.acceptInvitation]: {
    to: paths.createAccount,
    purpose:
      'You are invited to be a guardian of a family. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  },
  [paths.instructorInvitation]: {
    to: paths.createAccount,
    purpose:
      'You are invited to teach classes. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  },
};

/**
 * The sign-in first for a page opened signed out (`pathname`, and the link's `hash`): its screen, with the
 * address the link was sent to filled in when the fragment names it, and what it says.
 */
export function signInFirstFor(pathname: string, hash: string): { to: string; purpose: string } | undefined {
  const first = SIGN_IN_FIRST[pathname];
  const sentTo = new URLSearchParams(hash.replace(/^#/, '')).get('to');
  if (!first || !sentTo) return first;
  return { ...first, to: `${first.to}?${new URLSearchParams({ email: sentTo })}` };
}
