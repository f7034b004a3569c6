// Who is signed in changed: Amplify's sign-in and sign-out events (./amplify passes them on once it has loaded),
// heard by the session (a refresh under way is abandoned when one happens meanwhile) and by the AuthProvider.
// A module of its own, below both, so that neither the session nor Amplify's set-up imports the other.
import { wipeClassDay } from './classDayOnDevice';

const listeners = new Set<() => void>();
let signInEvents = 0;

/** Calls `listener` whenever someone signs in or out here. */
export function onSignInChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Amplify's sign-in events, passed on by ./amplify once it has loaded. */
export function signInChanged(): void {
  signInEvents += 1;
  for (const listener of listeners) listener();
}

/**
 * A sign-out asked for here, counted as it starts and as it ends, not only at Amplify's own event: Amplify drops
 * the tokens first, and a refresh under way that found none meanwhile must not take it for a session that ended
 * by itself (the page would go to the sign-in screen saying so, instead of where the sign-out leads).
 */
export async function signingOut(signOut: () => Promise<void>): Promise<void> {
  signInEvents += 1;
  try {
    await signOut();
  } finally {
    signInEvents += 1;
    // The class day's rosters and marks stay on a phone only while its instructor is signed in.
    wipeClassDay();
  }
}

/** Sign-ins and sign-outs here so far. */
export const signInsSoFar = () => signInEvents;
