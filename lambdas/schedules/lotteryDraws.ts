// Every 5 minutes (the manifest's schedule): runs the draw of each lottery set to draw by itself (`drawAtClose`)
// whose requests closed and that has no draw yet, as the preview administrators read and publish. "Now" is the
// scheduled event's `time`, so a test can run it at a later moment. Runs that overlap, or an administrator's run
// at the same moment, are safe: a preview is named only if the semester still has no draw.
import middy from '@middy/core';
import { allocationSettingsOfMany } from '../data/allocationSettings';
import { drawPreview } from '../data/lotteryDrawRun';
import { drawStateOf } from '../data/lotteryDraws';
import { semestersNotEnded } from '../data/semesters';
import { logCallContext, logger } from '../shared/logger';
import { scheduledMoment, type ScheduledEvent } from '../shared/scheduledEvent';

/** Who the audit trail names for a draw the schedule ran. */
export const SCHEDULE_RUNNER = 'the lotteryDraws schedule';

export async function lotteryDraws(event: ScheduledEvent) {
  const now = scheduledMoment(event);
  const semesters = await semestersNotEnded(now);
  const settings = await allocationSettingsOfMany(semesters.map((semester) => semester.id));
  let drawn = 0;
  let failed = 0;
  for (const { semesterId, lottery } of settings.values()) {
    if (!lottery?.drawAtClose || now.getTime() < Date.parse(lottery.requestsClose)) continue;
    try {
      if (await drawStateOf(semesterId)) continue;
      if (await drawPreview(semesterId, lottery, SCHEDULE_RUNNER, undefined)) drawn += 1;
    } catch (error) {
      // Nothing is named until the preview is: the next run tries again.
      failed += 1;
      logger.warn('A lottery could not be drawn yet.', { semesterId, error: (error as Error).message });
    }
  }
  logger.info('Lotteries whose requests closed drawn.', { drawn, failed });
  return { drawn, failed };
}

export const handler = middy(lotteryDraws).use(logCallContext());
