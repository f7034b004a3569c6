// Every minute (the manifest's schedule): decides the queues of each fair start whose draw came and that still
// hold requests, in the draw's order (the allocator's, as every call leads it). The families' pages ask again at
// the draw's moment and lead the queues themselves; this is for the requests of families who closed theirs.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { decideQueue } from '../allocator';
import { allocationSettingsOfMany } from '../allocationSettings';
import { semesterClassLines } from '../../catalogue/classes';
import { awaitsDraw, lineQueue, pendingRequests } from '../enrollmentRequests';
import { fairStartView } from '../fairStart';
import { seedsOf } from '../../lottery/records/lotterySeeds';
import { semestersNotEnded } from '../../catalogue/semesters';
import { logCallContext, logger } from '../../platform/logger';
import { scheduledMoment, type ScheduledEvent } from '../../platform/scheduledEvent';

/** Time kept for answering before the function's timeout. */
const MARGIN_MS = 5000;

export async function fairStartDraws(
  event: ScheduledEvent,
  context: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{ queues: number }> {
  const now = scheduledMoment(event);
  const until = Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS;
  const semesters = await semestersNotEnded(now);
  const ids = semesters.map((semester) => semester.id);
  const [settings, seeds] = await Promise.all([allocationSettingsOfMany(ids), seedsOf(ids)]);
  let queues = 0;
  for (const semester of semesters) {
    const view = fairStartView(semester, settings.get(semester.id)!, seeds.get(semester.id), now);
    if (!view || now.getTime() < Date.parse(view.draws[0]!.drawAt)) continue;
    for (const line of new Set((await semesterClassLines(semester.id)).values())) {
      const queue = lineQueue(line);
      const [first] = await pendingRequests(queue, 1);
      // A queue still before its draw, or empty, has nothing to decide yet.
      if (!first || awaitsDraw(first, now.getTime())) continue;
      if (Date.now() >= until) break;
      await decideQueue(queue, { until });
      queues += 1;
    }
  }
  logger.info("Queues decided after their fair start's draw.", { queues });
  return { queues };
}

export const handler = middy(fairStartDraws).use(logCallContext());
