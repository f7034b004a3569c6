import { deleteItems, familyItemKeys } from '../data/families';
import { enrollmentsOfFamily, isActive } from '../data/enrollments';
import { cancelEnrollment } from '../data/seats';
import { deleteStudentIfInactive, studentsOfFamily } from '../data/students';
import type { Caller } from '../shared/caller';
import { failedPrecondition, PortalError } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';
import { deleteOwnAccount } from '../shared/ownAccount';

/**
 * Deletes the caller's account: cancels the family's enrollments (their seats go to the waitlists),
 * removes its students and everything else it stored, then the user. A retried call finishes the job.
 */
export async function deleteAccount(_input: object, caller: Caller) {
  await cancelAll(caller);
  for (const student of await studentsOfFamily(caller.sub)) {
    // An enrollment that slipped in meanwhile is cancelled too, then the student goes.
    if (!(await deleteStudentIfInactive(caller.sub, student.id))) {
      await cancelAll(caller);
      if (!(await deleteStudentIfInactive(caller.sub, student.id))) throw failedPrecondition('The account changed while it was being deleted. Please try again.');
    }
  }
  await deleteItems(await familyItemKeys(caller.sub));
  if (caller.accessToken) await deleteOwnAccount(caller.accessToken);
  return {};
}

async function cancelAll(caller: Caller) {
  const done = new Set<string>();
  for (const enrollment of (await enrollmentsOfFamily(caller.sub)).filter((e) => isActive(e.status))) {
    if (done.has(enrollment.id)) continue;
    try {
      const outcome = await cancelEnrollment(enrollment, caller, 'account-deleted');
      outcome.cancelled.forEach((entry) => done.add(entry.id));
    } catch (error) {
      // Cancelled meanwhile (a group enrollment cancelled through another of its classes): nothing to do.
      if (!(error instanceof PortalError && error.code === 'failed-precondition')) throw error;
    }
  }
}

export const handler = limitedHandler('deleteAccount', deleteAccount);
