import { enrollmentForCaller, toEnrollment } from '../enrollments';
import { changeSeats } from '../seats';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * The family takes the seat offered to its waiting child (with their group): enrolled, while the offer stands
 * by the server's clock. To decline, the family cancels the enrollment (cancelEnrollment).
 */
export async function acceptOffer({ enrollmentId }: ParsedInput<'acceptOffer'>, caller: FamilyCaller) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  const accepted = await changeSeats({ kind: 'accept', enrollment, by: caller });
  return { enrollments: accepted.map((entry) => toEnrollment(entry)) };
}

export const handler = limitedHandler('acceptOffer', acceptOffer);
