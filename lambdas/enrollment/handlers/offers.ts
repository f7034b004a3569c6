// Every 2 minutes (the manifest's schedule): lapses the offered seats whose deadline passed, each held seat going
// to the next child waiting (offers.ts, seatPlan/offers.ts). "Now" is the scheduled event's `time`, as for the
// reminders (a test runs it at a later moment to move the clock). Runs that overlap are safe: a lapse is
// written on the condition that the offer is still the one the marker names.
import middy from '@middy/core';
import { enrollmentsOfStudent } from '../enrollments';
import { offersDue, removeOfferDue } from '../offers';
import { changeSeats } from '../seats';
import { logCallContext, logger } from '../../platform/logger';
import { scheduledMoment, type ScheduledEvent } from '../../platform/scheduledEvent';

/** Offers handled per run, well within a minute; any left wait for the next run. */
const PER_RUN = 200;

export async function offers(event: ScheduledEvent) {
  const now = scheduledMoment(event);
  let lapsed = 0;
  let failed = 0;
  for (const due of await offersDue(now, PER_RUN)) {
    try {
      const [enrollment] = await enrollmentsOfStudent(due.studentId, [due.classId]);
      if (enrollment?.offerExpiresAt === due.offerExpiresAt) {
        const { cancelled } = await changeSeats({ kind: 'lapse', enrollment, at: now.toISOString() });
        lapsed += cancelled.length;
      }
      await removeOfferDue(due);
    } catch (error) {
      // The marker stays: the next run tries again (the class may be very busy just now).
      failed += 1;
      logger.warn('An offer could not lapse yet.', { enrollmentId: due.enrollmentId, error: (error as Error).message });
    }
  }
  logger.info('Offers past their deadline lapsed.', { lapsed, failed });
  return { lapsed, failed };
}

export const handler = middy(offers).use(logCallContext());
