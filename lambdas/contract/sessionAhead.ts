// A signed-in page left open before registration opens keeps its session ready for the opening: each page
// refreshes its tokens at a moment of its own before it (web/src/api/sessionAhead.ts), so the families' refreshes
// are spread over minutes instead of falling in the opening's seconds; the capacity plan counts them so.

/** The refreshes are spread over the ten minutes before the opening… */
export const READY_SPREAD_MS = 10 * 60_000;
/** …and done two minutes before it at the latest (a background tab's timers may run up to a minute late). */
export const READY_LEAD_MS = 2 * 60_000;
/**
 * A token that lasts this long past the opening is kept: enough for the opening's enrolling. Shorter than the
 * access token's life (15 minutes) less the spread, so a token refreshed in the spread always lasts.
 */
export const READY_MARGIN_MS = 5 * 60_000;
