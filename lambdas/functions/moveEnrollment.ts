import { enrollmentForCaller, toEnrollment, waitlistPositions } from '../data/enrollments';
import { changeSeats } from '../data/seats';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

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
