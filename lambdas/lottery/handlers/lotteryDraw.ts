import { allocationSettingsOf } from '../../enrollment/allocationSettings';
import { fairStartView } from '../../enrollment/fairStart';
import { drawExportOf, drawRunsOf, drawStateOf } from '../lotteryDraws';
import { seedOf } from '../records/lotterySeeds';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/**
 * A semester's allocation as administrators see it: its settings (first come first served or a lottery, the
 * priority windows), the commitments to its seed (who made each; the seed itself only in a draw, which runs once
 * requests closed), the draw run last (its seed and summary), every run (the audit trail of its draws, newest
 * first), with `withExport`, the last run's export (input, result and commitments) to download and check with
 * `npm run lottery:verify`, and its fair start as families see it (its draws; the seed once the last came).
 */
export async function lotteryDraw(input: ParsedInput<'lotteryDraw'>) {
  const semester = await semesterOrCurrent(input.semesterId);
  const [settings, draw, runs, seed] = await Promise.all([
    allocationSettingsOf(semester.id),
    drawStateOf(semester.id),
    drawRunsOf(semester.id),
    seedOf(semester.id),
  ]);
  const exported = draw && input.withExport ? await drawExportOf(semester.id, draw.drawId) : undefined;
  const fairStart = fairStartView(semester, settings, seed);
  return {
    semester,
    settings,
    commitments: seed?.commitments ?? [],
    ...(draw && { draw }),
    runs,
    ...(exported && { export: { semesterId: semester.id, drawId: draw!.drawId, ...exported } }),
    ...(fairStart && { fairStart }),
  };
}

export const handler = portalHandler('lotteryDraw', lotteryDraw);
