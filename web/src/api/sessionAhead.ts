// A signed-in page left open before registration opens keeps its session ready for the opening. Without it,
// every family whose access token expired while the page waited would refresh it with the first call after
// the opening: thousands of refreshes in the opening's seconds, over Cognito's sign-in quota
// (UserAuthentication, 120 a second by default). Each page refreshes instead at a moment of its own, drawn
// at random in the minutes before the opening, and only when its token would not last past it.
import { useEffect } from 'react';
import { READY_LEAD_MS, READY_MARGIN_MS, READY_SPREAD_MS } from '@contract/sessionAhead';
import { refreshSession, sessionExpiresAt, useAuth } from './session';
import { timerAt } from './timerAt';

/**
 * When to refresh a session whose token expires at `expiresAt` so that it lasts past the opening: a moment
 * drawn (`random`, 0 to 1) between the spread's start (or now, if later) and the lead; none when the token
 * already lasts, or when the opening is too close to spread anything (the first call refreshes it, as always).
 */
export function readyRefreshAt(moments: { opensAt: number; expiresAt: number; now: number; random: number }) {
  const { opensAt, expiresAt, now, random } = moments;
  if (expiresAt >= opensAt + READY_MARGIN_MS) return undefined;
  const from = Math.max(now, opensAt - READY_SPREAD_MS);
  const to = opensAt - READY_LEAD_MS;
  return from < to ? from + random * (to - from) : undefined;
}

/** Keeps the signed-in user's session ready for an opening (an ISO moment), once for that opening. */
export function useSessionReadyFor(opensAt: string | undefined): void {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'signedIn' || !opensAt) return;
    let stopped = false;
    let cancel: () => void = () => undefined;
    void sessionExpiresAt().then((expiresAt) => {
      if (stopped || expiresAt === undefined) return;
      const at = readyRefreshAt({ opensAt: Date.parse(opensAt), expiresAt, now: Date.now(), random: Math.random() });
      if (at !== undefined) cancel = timerAt(at, () => void refreshSession());
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, [status, opensAt]);
}
