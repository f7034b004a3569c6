// Moments typed in datetime-local fields (registration windows, lottery dates, priority windows): on the
// programme's clock whatever the browser's, since an administrator away from home sets the programme's times.
import { momentOfWallClock, wallClockOf } from '@contract/moments';

/** An ISO moment as a datetime-local field's value on the clock of `timeZone`; empty when there is none. */
export const localInput = (iso: string | undefined, timeZone: string) => (iso ? wallClockOf(iso, timeZone) : '');

/** A datetime-local field's value, on the clock of `timeZone`, as an ISO moment; undefined when empty or not one. */
export const isoMoment = (local: string, timeZone: string) => momentOfWallClock(local, timeZone);

/** The help under a moment field: what it means, then the clock it is typed on. */
export const momentFieldHelp = (timeZone: string, meaning?: string) =>
  [meaning, `Programme time (${timeZone})`].filter(Boolean).join(' ');
