// A timer for a moment to come (epoch ms), as a page left open for an opening sets them.

/** Longer waits than a day are not timed: a timer's delay past 24.8 days fires at once. */
const LONGEST_WAIT_MS = 24 * 3_600_000;

/** Runs `run` at `moment`, unless it is past or more than a day away; answers how to cancel it. */
export function timerAt(moment: number, run: () => void): () => void {
  const wait = moment - Date.now();
  if (wait < 0 || wait > LONGEST_WAIT_MS) return () => undefined;
  const timer = setTimeout(run, wait);
  return () => clearTimeout(timer);
}
