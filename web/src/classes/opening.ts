// The next opening of registration a family may wait for on Class Registration: the soonest semester whose
// registration opens later. A page left open for it keeps its session ready and shows the classes at the
// opening (useOpeningAhead).
import type { Semester } from '@contract/records';
import { useAvailabilityAfter } from '../api/catalogue';
import { useSessionReadyFor } from '../api/sessionAhead';

/** The semester whose registration opens next after `now`, if any. */
export function nextOpening(semesters: readonly Semester[], now: number): Semester | undefined {
  const later = semesters.filter(
    (semester) => semester.registrationOpens && Date.parse(semester.registrationOpens) > now,
  );
  return later.sort((a, b) => Date.parse(a.registrationOpens!) - Date.parse(b.registrationOpens!))[0];
}

/**
 * The next opening of `semesters`, with the page made ready for it: the session refreshed ahead, the classes read
 * at it and at every other opening to come.
 */
export function useOpeningAhead(semesters: readonly Semester[] | undefined): Semester | undefined {
  const opening = semesters && nextOpening(semesters, Date.now());
  useSessionReadyFor(opening?.registrationOpens);
  // Every semester's opening, past ones included (they set no timer): the list changes only with the semesters,
  // so an opening passing does not cancel its own read, due a moment after it.
  useAvailabilityAfter((semesters ?? []).flatMap((semester) => semester.registrationOpens ?? []));
  return opening;
}
