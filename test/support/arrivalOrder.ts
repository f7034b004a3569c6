// What "seats in arrival order" means, checked on the answers families got: no seat went to a call that
// came after one put on the waitlist, and the waitlist is in the order the calls came (both to the
// millisecond of the API's clock, which stamps each request's id).
import { allocateSeats } from '../../lambdas/enrollment/allocation';
import type { Enrollment } from '../../lambdas/contract/records';
import { arrivalOf } from './portal';

export interface Placed {
  enrollment: Enrollment;
  requestId: string;
}

export function expectArrivalOrder(placed: Placed[]) {
  const arrived = placed.map(({ enrollment, requestId }) => ({ ...enrollment, arrivedAt: arrivalOf(requestId) }));
  const enrolled = arrived.filter((e) => e.status === 'enrolled');
  const waitlisted = arrived
    .filter((e) => e.status === 'waitlisted')
    .sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
  if (enrolled.length && waitlisted.length)
    expect(Math.max(...enrolled.map((e) => e.arrivedAt))).toBeLessThanOrEqual(
      Math.min(...waitlisted.map((e) => e.arrivedAt)),
    );
  waitlisted.slice(1).forEach((e, index) => {
    expect(e.arrivedAt).toBeGreaterThanOrEqual(waitlisted[index]!.arrivedAt);
  });
}

export interface Decided {
  requestId: string;
  /** The request's enrollments, one per class it asked a seat in. */
  enrollments: Enrollment[];
}

/**
 * The seats went exactly as deciding the requests one by one in arrival order gives them (to the
 * millisecond of the API's clock, ties in the order of their ids, as the queue sorts them): `decided`
 * holds every request of one line, and `capacities` every class they name, empty before.
 */
export function expectSeatsAsArrived(decided: Decided[], capacities: Map<string, number>) {
  const inLine = [...decided].sort((a, b) => queueOrder(a.requestId).localeCompare(queueOrder(b.requestId)));
  const empty = new Map([...capacities].map(([id, capacity]) => [id, { capacity, enrolled: 0, waitlisted: 0 }]));
  const { outcomes } = allocateSeats(
    empty,
    inLine.map((request) => ({ classIds: request.enrollments.map((enrollment) => enrollment.classId) })),
  );
  expect(inLine.map((request) => request.enrollments.map((enrollment) => enrollment.status))).toEqual(
    inLine.map((request, index) => request.enrollments.map(() => outcomes[index])),
  );
}

const queueOrder = (requestId: string) => `${String(arrivalOf(requestId)).padStart(15, '0')}#${requestId}`;
