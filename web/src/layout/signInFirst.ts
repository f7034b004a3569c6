import { paths } from './paths';

/**
 * Where a signed-out visitor of a page signs in first, when not the sign-in screen, and what it says (the guards
 * send them there, and so does a page that signs its user out to sign in with another account): an
 * invitation's link mostly reaches someone without an account yet, so it opens account creation (which links to
 * signing in) with what the invitation needs. The link itself tells nothing of the family or the address.
 */
export const SIGN_IN_FIRST: Partial<Record<string, { to: string; purpose: string }>> = {
  [paths.acceptInvitation]: {
    to: paths.createAccount,
    purpose:
      'You are invited to be a guardian of a family. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  },
};
