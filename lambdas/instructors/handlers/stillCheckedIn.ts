// Every five minutes (the manifest's schedule): tells the office of each child still checked in half an hour after
// its meeting ended. "Now" is the scheduled event's `time` (EventBridge sets it; the local stack's timer too, and a
// test may give a later one).
import middy from '@middy/core';
import { tellOfChildrenStillCheckedIn } from '../stillCheckedIn';
import { logCallContext, logger } from '../../platform/logger';
import { scheduledMoment, type ScheduledEvent } from '../../platform/scheduledEvent';

export async function stillCheckedIn(event: ScheduledEvent) {
  const told = await tellOfChildrenStillCheckedIn(scheduledMoment(event));
  if (told) logger.warn('Children still checked in after their meeting: the office is told.', { told });
  return { told };
}

export const handler = middy(stillCheckedIn).use(logCallContext());
