// Every quarter of an hour (the manifest's schedule): asks for the reminders due before classes start, and
// sends again the failed e-mails that waited an hour (their cause may be fixed by now). "Now" is the
// scheduled event's `time` (EventBridge sets it; the local stack's timer too, and a test may give a later one).
import middy from '@middy/core';
import { resendFailedMail } from '../../platform/mailRequests';
import { askForDueReminders } from '../reminders';
import { logCallContext, logger } from '../../platform/logger';
import { scheduledMoment, type ScheduledEvent } from '../../platform/scheduledEvent';

/** A failed e-mail waits this long before it is sent again by itself, at most AUTOMATIC_RESENDS times. */
const RESEND_AFTER_MS = 60 * 60 * 1000;
const AUTOMATIC_RESENDS = 3;

export async function reminders(event: ScheduledEvent) {
  const now = scheduledMoment(event);
  const asked = await askForDueReminders(now);
  const resent = await resendFailedMail(undefined, {
    failedBefore: new Date(now.getTime() - RESEND_AFTER_MS).toISOString(),
    maxResends: AUTOMATIC_RESENDS,
  });
  logger.info('Reminders asked, failed e-mails sent again.', { asked, resent });
  return { asked, resent };
}

export const handler = middy(reminders).use(logCallContext());
