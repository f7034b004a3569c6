import { i18n } from '../i18n/i18n';
import { paths } from './paths';

/**
 * Where a signed-out visitor of a page signs in first, when not the sign-in screen, and what it says (a message
 * id of the start's catalogue): the guards send them there, and so does a page that signs its user out to sign
 * in with another account. An invitation's link mostly reaches someone without an account yet, so it opens
 * account creation (which links to signing in) with what the invitation needs. The server tells the link's
 * holder nothing of the family or the address; the address the e-mail went to rides in the link's fragment
 * (`#to=`), which no request carries.
 */
const SIGN_IN_FIRST: Partial<Record<string, { to: string; purpose: string }>> = {
  [paths.acceptInvitation]: { to: paths.createAccount, purpose: 'start.invitation.guardian' },
  [paths.instructorInvitation]: { to: paths.createAccount, purpose: 'start.invitation.instructor' },
};

/**
 * The sign-in first for a page opened signed out (`pathname`, and the link's `hash`): its screen, with the
 * address the link was sent to filled in when the fragment names it, and what it says in the language active now.
 */
export function signInFirstFor(pathname: string, hash: string): { to: string; purpose: string } | undefined {
  const kept = SIGN_IN_FIRST[pathname];
  const first = kept && { to: kept.to, purpose: i18n._(kept.purpose) };
  const sentTo = new URLSearchParams(hash.replace(/^#/, '')).get('to');
  if (!first || !sentTo) return first;
  return { ...first, to: `${first.to}?${new URLSearchParams({ email: sentTo })}` };
}
