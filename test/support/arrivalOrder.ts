// What "seats in arrival order" means, checked on the answers families got: no seat went to a call that
// came after one put on the waitlist, and the waitlist is in the order the calls came (both to the
// millisecond of the API's clock, which stamps each request's id).
import type { Enrollment } from '../../lambdas/records';
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
