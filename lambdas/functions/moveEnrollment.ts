import { enrollmentForCaller, toEnrollment, waitlistPositions } from '../data/enrollments';
import { moveEnrollment as moveSeat } from '../data/seats';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

/** An administrator moves a student to another class of the same semester; capacity rules still hold. */
export async function moveEnrollment({ enrollmentId, classId }: ParsedInput<'moveEnrollment'>, caller: Caller) {
  const { moved } = await moveSeat(await enrollmentForCaller(caller, enrollmentId), classId, caller);
  const positions = await waitlistPositions(moved.status === 'waitlisted' ? [moved] : []);
  return { enrollment: toEnrollment(moved, positions.get(moved.id)) };
}

export const handler = portalHandler('moveEnrollment', moveEnrollment);
