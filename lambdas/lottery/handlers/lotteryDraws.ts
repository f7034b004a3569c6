// Every 5 minutes (the manifest's schedule): commits a seed for each lottery that has none (one set before seeds
// were committed: within 5 minutes of the change, so before its requests close unless they close sooner), and
// runs the draw of each lottery set to draw by itself (`drawAtClose`) whose requests closed and that has no draw
// yet, as the preview administrators read and publish. "Now" is the scheduled event's `time`, so a test can run
// it at a later moment. Runs that overlap, or an administrator's run at the same moment, are safe: a seed is
// committed only where there is none, and a preview is named only if the semester still has no draw.
import middy from '@middy/core';
import { allocationSettingsOfMany } from '../../enrollment/allocationSettings';
import { drawPreview } from '../lotteryDrawRun';
import { drawStateOf } from '../lotteryDraws';
import { committedSeed, seedsOf } from '../records/lotterySeeds';
import { semestersNotEnded } from '../../catalogue/semesters';
import { logCallContext, logger } from '../../platform/logger';
import { scheduledMoment, type ScheduledEvent } from '../../platform/scheduledEvent';

/** Who the audit trail names for a draw the schedule ran, or a seed it committed. */
export const SCHEDULE_RUNNER = 'the lotteryDraws schedule';

export async function lotteryDraws(event: ScheduledEvent) {
  const now = scheduledMoment(event);
  const semesters = await semestersNotEnded(now);
  const ids = semesters.map((semester) => semester.id);
  const [settings, seeds] = await Promise.all([allocationSettingsOfMany(ids), seedsOf(ids)]);
  let committed = 0;
  let drawn = 0;
  let failed = 0;
  for (const { semesterId, lottery } of settings.values()) {
    if (!lottery) continue;
    const due = lottery.drawAtClose && now.getTime() >= Date.parse(lottery.requestsClose);
    try {
      if (seeds.has(semesterId) && !due) continue;
      const draw = await drawStateOf(semesterId);
      // A draw published keeps the seed it ran with; a preview from before commitments is run again to publish.
      if (!seeds.has(semesterId) && (draw?.status ?? 'preview') === 'preview') {
        await committedSeed(semesterId, SCHEDULE_RUNNER);
        committed += 1;
      }
      if (due && !draw && (await drawPreview(semesterId, lottery, SCHEDULE_RUNNER, undefined))) drawn += 1;
    } catch (error) {
      // Nothing is named until the preview is: the next run tries again.
      failed += 1;
      logger.warn('A lottery could not be committed to a seed, or drawn, yet.', {
        semesterId,
        error: (error as Error).message,
      });
    }
  }
  logger.info('Lotteries committed to a seed, and those whose requests closed drawn.', { committed, drawn, failed });
  return { committed, drawn, failed };
}

export const handler = middy(lotteryDraws).use(logCallContext());
