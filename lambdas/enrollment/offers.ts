// Seats offered to waiting families (a semester in offers mode, see seatPlan/offers.ts) lapse at their deadline.
// Each offer writes, in the transaction that makes it, a due marker `OFFERS / DUE#<deadline>#<enrollment>`:
// the schedule reads the markers due, oldest first, with one query of their partition (no scan), lapses
// each offer still standing as it was made, and removes the marker. A marker whose offer was accepted or
// declined meanwhile is only removed: what the enrollment holds decides, never the marker.
import type { TransactItem } from '../platform/transact';
import { entity } from '../platform/entity';
import type { StoredEnrollment } from './enrollments';

interface OfferDue {
  enrollmentId: string;
  classId: string;
  studentId: string;
  offerExpiresAt: string;
}

const offerDueEntity = entity<OfferDue, Pick<OfferDue, 'enrollmentId' | 'offerExpiresAt'>>({
  type: 'offerDue',
  key: {
    partition: () => 'OFFERS',
    sort: { prefix: 'DUE#', of: ({ offerExpiresAt, enrollmentId }) => `${offerExpiresAt}#${enrollmentId}` },
  },
  read: (item) => ({
    enrollmentId: item.string('enrollmentId'),
    classId: item.string('classId'),
    studentId: item.string('studentId'),
    offerExpiresAt: item.string('offerExpiresAt'),
  }),
});

/** The due marker of an offer just made (written with it). */
export function offerDuePut(offered: StoredEnrollment): TransactItem {
  const { id: enrollmentId, classId, studentId, offerExpiresAt } = offered;
  return offerDueEntity.putItem({ enrollmentId, classId, studentId, offerExpiresAt: offerExpiresAt! });
}

/** At most `limit` markers due at `now`, oldest deadline first. */
export async function offersDue(now: Date, limit: number): Promise<OfferDue[]> {
  const first = await offerDueEntity.firstInPartition({}, limit);
  return first.filter((due) => Date.parse(due.offerExpiresAt) <= now.getTime());
}

export function removeOfferDue(due: OfferDue): Promise<boolean> {
  return offerDueEntity.delete(due);
}
