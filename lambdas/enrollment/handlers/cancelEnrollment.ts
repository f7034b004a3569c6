import { enrollmentForCaller, toEnrollment } from '../enrollments';
import { refuseClosedChanges } from '../familyChanges';
import { recentSemester } from '../../catalogue/semesters';
import { changeSeats } from '../seats';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * Cancels one of the family's enrollments (a group enrollment as a whole); the waitlist moves up. A family drops a
 * seat only until the semester's deadline for changes; a waitlist place it may leave at any time.
 */
export async function cancelEnrollment({ enrollmentId }: ParsedInput<'cancelEnrollment'>, caller: FamilyCaller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  // Declining a seat offered, like leaving a waitlist, takes nothing from anyone.
  if (!caller.isAdmin && enrollment.status === 'enrolled') {
    const semester = await recentSemester(enrollment.semesterId);
    if (semester) await refuseClosedChanges(semester);
  }
  const { cancelled } = await changeSeats({ kind: 'cancel', enrollment, by: caller, reason: 'cancel' });
  const mine = cancelled.find((entry) => entry.id === enrollment.id) ?? { ...enrollment, status: 'cancelled' as const };
  return { enrollment: toEnrollment(mine) };
}

export const handler = limitedHandler('cancelEnrollment', cancelEnrollment);
