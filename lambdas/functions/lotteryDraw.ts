import { allocationSettingsOf } from '../data/allocationSettings';
import { drawExportOf, drawRunsOf, drawStateOf } from '../data/lotteryDraws';
import { semesterOrCurrent } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import { portalHandler } from '../shared/handler';

/**
 * A semester's allocation as administrators see it: its settings (first come first served or a lottery, the
 * priority windows), the draw run last (its seed and summary), every
 * run (the audit trail of its draws, newest first) and, with `withExport`, the last run's export (input and result)
 * to download and check with `npm run lottery:verify`.
 */
export async function lotteryDraw(input: ParsedInput<'lotteryDraw'>) {
  const semester = await semesterOrCurrent(input.semesterId);
  const [settings, draw, runs] = await Promise.all([
    allocationSettingsOf(semester.id),
    drawStateOf(semester.id),
    drawRunsOf(semester.id),
  ]);
  const exported = draw && input.withExport ? await drawExportOf(semester.id, draw.drawId) : undefined;
  return {
    semester,
    settings,
    ...(draw && { draw }),
    runs,
    ...(exported && { export: { semesterId: semester.id, drawId: draw!.drawId, ...exported } }),
  };
}

export const handler = portalHandler('lotteryDraw', lotteryDraw);
