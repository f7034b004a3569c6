import { enrollmentForCaller, toEnrollment } from '../enrollments';
import { changeSeats } from '../seats';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/**
 * An administrator moves a waitlisted student (with their group) into free seats, ahead of the line; with
 * `addSeat`, a full class gets one more seat for them.
 */
export async function promoteEnrollment({ enrollmentId, addSeat }: ParsedInput<'promoteEnrollment'>, caller: Caller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  const promoted = await changeSeats({ kind: 'promote', enrollment, by: caller, addSeat: addSeat === true });
  return { enrollments: promoted.map((entry) => toEnrollment(entry)) };
}

export const handler = portalHandler('promoteEnrollment', promoteEnrollment);
