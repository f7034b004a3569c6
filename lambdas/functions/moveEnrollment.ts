import { enrollmentForCaller, toEnrollment, waitlistPositions } from '../data/enrollments';
import { moveEnrollment as moveSeat } from '../data/seats';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { notifyPromotions } from '../shared/enrollmentMail';
import { portalHandler } from '../shared/handler';

/** An administrator moves a student to another class of the same semester; capacity rules still hold. */
export async function moveEnrollment({ enrollmentId, classId }: ParsedInput<'moveEnrollment'>, caller: Caller) {
  const { moved, promoted } = await moveSeat(await enrollmentForCaller(caller, enrollmentId), classId, caller);
  await notifyPromotions(promoted);
  const positions = await waitlistPositions(moved.status === 'waitlisted' ? [moved] : []);
  return { enrollment: toEnrollment(moved, positions.get(moved.id)) };
}

export const handler = portalHandler('moveEnrollment', moveEnrollment);
