import { enrollmentForCaller, toEnrollment } from '../enrollments';
import { changeSeats } from '../seats';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/** Cancels one of the family's enrollments (a group enrollment as a whole); the waitlist moves up. */
export async function cancelEnrollment({ enrollmentId }: ParsedInput<'cancelEnrollment'>, caller: FamilyCaller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  const { cancelled } = await changeSeats({ kind: 'cancel', enrollment, by: caller, reason: 'cancel' });
  const mine = cancelled.find((entry) => entry.id === enrollment.id) ?? { ...enrollment, status: 'cancelled' as const };
  return { enrollment: toEnrollment(mine) };
}

export const handler = limitedHandler('cancelEnrollment', cancelEnrollment);
