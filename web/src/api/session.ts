// The signed-in user's session with the user pool: who it is and their roles, as every screen reads them
// (useAuth(), provided by the auth area's AuthProvider), and the token calls carry. Amplify keeps the
// session's tokens in this browser's storage, and is the larger part of the sign-in code: it loads
// (./amplify) only when tokens are stored, or when a sign-in screen needs it, so a visitor's start-up page
// never downloads it. Expired tokens are refreshed with the refresh token; a refresh that fails is tried again
// after a pause, and then the session ends (onSessionEnd), never a loop of requests.
import { createContext, useContext } from 'react';
import { runtimeConfig } from '../runtimeConfig';
import { signInsSoFar } from './signIns';

export interface User {
  sub: string;
  email?: string;
}

/** Where signing out leads instead of /user/login: a sign-in page, its purpose, and the page to come back to. */
export interface SignInAgain {
  to: string;
  purpose: string;
  comeBackTo: string;
}

export interface Auth {
  status: 'loading' | 'signedOut' | 'signedIn';
  user?: User;
  /** Undefined while they load. */
  roles?: string[];
  isAdmin: boolean;
  /**
   * Signs out and goes to /user/login, or to the sign-in page `then` names, with what it says and the page to come
   * back to once signed in again.
   */
  signOut(then?: SignInAgain): Promise<void>;
}

export const AuthContext = createContext<Auth | undefined>(undefined);

/** The query key of whether the signed-in account's second factor is on (./secondFactor reads it). */
export const secondFactorKey = (sub: string | undefined) => ['secondFactor', sub] as const;

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth is used outside <AuthProvider>.');
  return auth;
}

type Amplify = typeof import('./amplify');

/** Amplify names the keys of the tokens it stores `CognitoIdentityServiceProvider.<app client id>.…`. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** Whether this browser holds the user pool's tokens: without them nobody is signed in. */
export function holdsTokens(): boolean {
  const prefix = `${TOKEN_KEY_PREFIX}.${runtimeConfig().userPoolClientId}.`;
  return Object.keys(localStorage).some((key) => key.startsWith(prefix));
}

let amplify: Promise<Amplify> | undefined;

/** Amplify, configured against the user pool; loaded on first use. */
export function loadAmplify(): Promise<Amplify> {
  amplify ??= import('./amplify');
  return amplify;
}

type Tokens = NonNullable<Awaited<ReturnType<Amplify['fetchAuthSession']>>['tokens']>;

/**
 * How long the app waits before it tries a failed refresh (an error, or no answer) again: one pause a failure;
 * after the last failure the session ends. Amplify itself sends a try up to 3 times within a second when the pool
 * answers 5xx or cannot be reached, so a pool that fails costs at most 6 requests, never a loop of them; the
 * pause lets a moment without network (a laptop waking up) pass without ending the session.
 */
const REFRESH_PAUSES_MS = [5000];

let tokensUnderWay: Promise<Tokens | undefined> | undefined;

/**
 * The session's tokens, which Amplify refreshes with the refresh token once they have expired (or now, with
 * `forceRefresh`). The calls of the same moment share one answer, so one refresh at most is under way.
 */
function sessionTokens(forceRefresh = false): Promise<Tokens | undefined> {
  if (!holdsTokens()) return Promise.resolve(undefined);
  tokensUnderWay ??= loadAmplify()
    .then(
      (loaded) => refreshedIfNeeded(() => loaded.fetchAuthSession({ forceRefresh }), loaded.storedTokens),
      () => undefined,
    )
    .finally(() => {
      tokensUnderWay = undefined;
    });
  return tokensUnderWay;
}

/**
 * The tokens, asked again after each pause while the refresh fails; none once the session has ended. Without
 * signal (the browser offline) a refresh that gets no answer does not end the session: the tokens kept are
 * answered as they are, expired or not, and the next call tries the refresh again. An instructor's class day then
 * opens from the phone at a trailhead hours after the last refresh (a call to the portal fails there anyway).
 */
async function refreshedIfNeeded(
  fetchAuthSession: () => ReturnType<Amplify['fetchAuthSession']>,
  storedTokens: Amplify['storedTokens'],
): Promise<Tokens | undefined> {
  // A refresh under way is abandoned when someone signs in or out meanwhile.
  const since = signInsSoFar();
  for (let failures = 0; ; failures += 1) {
    // null: the pool refused the refresh token (expired, revoked) and Amplify dropped it; undefined: no answer.
    const tokens = await fetchAuthSession().then(
      (session) => session.tokens ?? null,
      () => undefined,
    );
    if (signInsSoFar() !== since) return undefined;
    if (tokens) return tokens;
    if (tokens === undefined && !navigator.onLine) return (await storedTokens().catch(() => null)) ?? undefined;
    const pause = REFRESH_PAUSES_MS[failures];
    if (tokens === null || pause === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    if (signInsSoFar() !== since) return undefined;
    // Amplify also drops the tokens on the pool's other refusals (the user is gone, must reset the password).
    if (!holdsTokens()) break;
  }
  for (const listener of endListeners) listener();
  return undefined;
}

/** The signed-in user, if any. */
export async function currentUser(): Promise<User | undefined> {
  const tokens = await sessionTokens();
  if (!tokens) return undefined;
  const email = tokens.idToken?.payload.email;
  return { sub: String(tokens.accessToken.payload.sub), email: typeof email === 'string' ? email : undefined };
}

/** The access token of the signed-in user (refreshed when it has expired), if any. */
export async function accessToken(): Promise<string | undefined> {
  return (await sessionTokens())?.accessToken.toString();
}

/** When the signed-in user's access token expires (epoch ms), if anyone is signed in. */
export async function sessionExpiresAt(): Promise<number | undefined> {
  const expires = (await sessionTokens())?.accessToken.payload.exp;
  return typeof expires === 'number' ? expires * 1000 : undefined;
}

/**
 * Refreshes the session's tokens now, expired or not: a page left open before registration opens does it at a
 * moment of its own before the opening (sessionAhead.ts), so the opening's calls find fresh tokens.
 */
export async function refreshSession(): Promise<void> {
  await sessionTokens(true);
}

const endListeners = new Set<() => void>();

/**
 * Calls `listener` when the session ends without the user signing out: the user pool refused its refresh token,
 * or failed every refresh. Signing out (dropping what is left of the session here) is the listener's part.
 */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}
