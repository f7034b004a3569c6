import { enrollmentForCaller, toEnrollment } from '../data/enrollments';
import { changeSeats } from '../data/seats';
import type { ParsedInput } from '../manifest';
import type { FamilyCaller } from '../shared/caller';
import { limitedHandler } from '../shared/limitedHandler';

/** Cancels one of the family's enrollments (a group enrollment as a whole); the waitlist moves up. */
export async function cancelEnrollment({ enrollmentId }: ParsedInput<'cancelEnrollment'>, caller: FamilyCaller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  const { cancelled } = await changeSeats({ kind: 'cancel', enrollment, by: caller, reason: 'cancel' });
  const mine = cancelled.find((entry) => entry.id === enrollment.id) ?? { ...enrollment, status: 'cancelled' as const };
  return { enrollment: toEnrollment(mine) };
}

export const handler = limitedHandler('cancelEnrollment', cancelEnrollment);
