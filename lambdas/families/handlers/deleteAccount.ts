import { markAccountDeleted } from '../families';
import { acceptanceKeysOfFamily } from '../policies';
import { takeOff } from '../guardians';
import { enrollmentsOfFamily, familyEnrollmentEntity, isActive } from '../../enrollment/enrollments';
import { lossesKey } from '../../lottery/records/lotteryLosses';
import { lotteryRequestKeys } from '../../lottery/records/lotteryRequests';
import { changeSeats } from '../../enrollment/seats';
import { nameMarkerEntity, studentDeleteIfInactive, studentsOfFamily } from '../students';
import type { FamilyCaller } from '../../platform/caller';
import { deleteAll } from '../../platform/dynamo';
import { failedPrecondition, PortalError } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';
import { deleteOwnAccount } from '../ownAccount';
import { transactWrite } from '../../platform/transact';

/**
 * Deletes the caller's account. A guardian whose family has another one leaves it (the family and its
 * children stay with the others), and their user is deleted. The family's last guardian deletes the family:
 * the profile is marked first (refused if a guardian joined meanwhile), so from then on the family's writes and
 * enrollments are refused (by their transactions' conditions) and what is read next is final: its
 * enrollments are cancelled (their seats go to the waitlists), each student is removed under the
 * condition that they hold no enrollment, then everything else it stored (its lottery requests and losses
 * too), then the user. The marked
 * profile stays a day. A retried call finishes the job.
 */
export async function deleteAccount(_input: object, caller: FamilyCaller) {
  if ((await takeOff(caller.familyId, caller.sub, 'gone')) === 'done') {
    if (caller.accessToken) await deleteOwnAccount(caller.accessToken);
    return {};
  }
  if (!(await markAccountDeleted(caller.familyId)))
    throw failedPrecondition('Another guardian joined your family meanwhile. Please try again.');
  await cancelAll(caller);
  for (const student of await studentsOfFamily(caller.familyId)) {
    if (!(await transactWrite([studentDeleteIfInactive(caller.familyId, student.id)])).committed) {
      throw failedPrecondition('The account changed while it was being deleted. Please try again.');
    }
  }
  // Never the profile (it stays, marked) nor a student (removed only under its own condition, above).
  const keys = await Promise.all([
    familyEnrollmentEntity.keysInPartition({ familyId: caller.familyId }),
    nameMarkerEntity.keysInPartition({ familyId: caller.familyId }),
    acceptanceKeysOfFamily(caller.familyId),
    lotteryRequestKeys(caller.familyId),
    [lossesKey(caller.familyId)],
  ]);
  await deleteAll(keys.flat());
  if (caller.accessToken) await deleteOwnAccount(caller.accessToken);
  return {};
}

async function cancelAll(caller: FamilyCaller) {
  const done = new Set<string>();
  for (const enrollment of (await enrollmentsOfFamily(caller.familyId)).filter((e) => isActive(e.status))) {
    if (done.has(enrollment.id)) continue;
    try {
      const outcome = await changeSeats({ kind: 'cancel', enrollment, by: caller, reason: 'account-deleted' });
      for (const entry of outcome.cancelled) done.add(entry.id);
    } catch (error) {
      // Cancelled meanwhile (a group enrollment cancelled through another of its classes): nothing to do.
      if (!(error instanceof PortalError && error.code === 'failed-precondition')) throw error;
    }
  }
}

export const handler = limitedHandler('deleteAccount', deleteAccount);
