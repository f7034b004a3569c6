// Running a semester's draw as a preview: the committed seed (committed now when the semester has none yet), the
// input read from the table, the result and its export kept, the run added to the audit trail. Administrators run
// it (runLotteryDraw), and the lotteryDraws schedule runs it once requests close for a lottery set to draw by itself.
import { randomUUID } from 'node:crypto';
import { runDraw, summarizeDraw } from '../contract/lottery/draw';
import type { LotterySettings } from '../contract/records';
import { failedPrecondition } from '../contract/errors';
import type { LotteryDrawState } from '../contract/lottery/records';
import { putDrawExport, putDrawPreview, putDrawRun } from './lotteryDraws';
import { drawInputOf } from './lotteryInput';
import { committedSeed, shownCommitments } from './records/lotterySeeds';

/**
 * Draws with the committed seed and names the draw as the semester's preview, if the state is still `previous`
 * (none, or that preview): undefined when another run or a publication came first. Refused when the seed was
 * changed meanwhile: a draw is never named with a seed that is not the current commitment's.
 */
export async function drawPreview(
  semesterId: string,
  lottery: Pick<LotterySettings, 'weighted'>,
  ranBy: string,
  previous: LotteryDrawState | undefined,
): Promise<LotteryDrawState | undefined> {
  const { seed, commitments } = await committedSeed(semesterId, ranBy);
  const drawInput = await drawInputOf(semesterId, seed, lottery.weighted);
  const result = runDraw(drawInput);
  const drawId = randomUUID();
  await putDrawExport(semesterId, drawId, { input: drawInput, result, commitments: shownCommitments(commitments) });
  const state: LotteryDrawState = {
    semesterId,
    drawId,
    seed,
    commitment: commitments.length,
    ranAt: new Date().toISOString(),
    ranBy,
    runs: (previous?.runs ?? 0) + 1,
    summary: summarizeDraw(result),
    status: 'preview',
  };
  const named = await putDrawPreview(state, previous?.drawId);
  if (named === 'another draw') return undefined;
  if (named === 'seed changed')
    throw failedPrecondition('The seed was changed meanwhile: run the draw again to draw with the new one.');
  const { runs: _runs, status: _status, ...run } = state;
  await putDrawRun(run);
  return state;
}
