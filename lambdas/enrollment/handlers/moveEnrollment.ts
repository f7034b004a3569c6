import { enrollmentForCaller, toEnrollment, waitlistPositions } from '../enrollments';
import { changeSeats } from '../seats';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/**
 * An administrator moves a student to another open class of the same semester; the seat rules still hold: a
 * free seat or the end of the waitlist, the class's grades, the seat left goes to the first waiting there
 * (docs/product-rules.md#enrollment).
 */
export async function moveEnrollment({ enrollmentId, classId }: ParsedInput<'moveEnrollment'>, caller: Caller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  const { moved } = await changeSeats({ kind: 'move', enrollment, toClassId: classId, by: caller });
  const positions = await waitlistPositions(moved.status === 'waitlisted' ? [moved] : []);
  return { enrollment: toEnrollment(moved, positions.get(moved.id)) };
}

export const handler = portalHandler('moveEnrollment', moveEnrollment);
