// The signed-in user's session with the user pool: who it is and their roles, as every screen reads them
// (useAuth(), provided by the auth area's AuthProvider), and the token calls carry. Amplify keeps the
// session's tokens in this browser's storage, and is the larger part of the sign-in code: it loads
// (./amplify) only when tokens are stored, or when a sign-in screen needs it, so a visitor's start-up page
// never downloads it.
import { createContext, useContext } from 'react';
import { runtimeConfig } from '../runtimeConfig';

export interface User {
  sub: string;
  email?: string;
}

export interface Auth {
  status: 'loading' | 'signedOut' | 'signedIn';
  user?: User;
  /** Undefined while they load. */
  roles?: string[];
  isAdmin: boolean;
  /** Signs out and goes to /user/login. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<Auth | undefined>(undefined);

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

/** The signed-in user, if any. */
export async function currentUser(): Promise<User | undefined> {
  if (!holdsTokens()) return undefined;
  try {
    const { getCurrentUser, fetchAuthSession } = await loadAmplify();
    const { userId } = await getCurrentUser();
    const email = (await fetchAuthSession()).tokens?.idToken?.payload.email;
    return { sub: userId, email: typeof email === 'string' ? email : undefined };
  } catch {
    return undefined;
  }
}

/** The access token of the signed-in user (refreshed by Amplify when it is about to expire), if any. */
export async function accessToken(): Promise<string | undefined> {
  if (!holdsTokens()) return undefined;
  try {
    const { fetchAuthSession } = await loadAmplify();
    return (await fetchAuthSession()).tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever someone signs in or out here, or the session can no longer be refreshed. */
export function onSignInChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Amplify's sign-in events, passed on by ./amplify once it has loaded. */
export function signInChanged(): void {
  for (const listener of listeners) listener();
}
