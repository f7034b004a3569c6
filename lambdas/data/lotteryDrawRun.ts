// Running a semester's draw as a preview: a new random seed, the input read from the table, the result and its
// export kept, the run added to the audit trail. Administrators run it (runLotteryDraw), and the lotteryDraws
// schedule runs it once requests close for a lottery set to draw by itself.
import { randomBytes, randomUUID } from 'node:crypto';
import { runDraw, summarizeDraw } from '../lottery/draw';
import type { LotterySettings } from '../records';
import { putDrawExport, putDrawPreview, putDrawRun, type LotteryDrawState } from './lotteryDraws';
import { drawInputOf } from './lotteryInput';

/**
 * Draws with a new seed and names the draw as the semester's preview, if the state is still `previous` (none, or
 * that preview): undefined when another run or a publication came first.
 */
export async function drawPreview(
  semesterId: string,
  lottery: Pick<LotterySettings, 'weighted'>,
  ranBy: string,
  previous: LotteryDrawState | undefined,
): Promise<LotteryDrawState | undefined> {
  // 128 random bits, published with the result, so anyone can run the same draw again.
  const drawInput = await drawInputOf(semesterId, randomBytes(16).toString('hex'), lottery.weighted);
  const result = runDraw(drawInput);
  const drawId = randomUUID();
  await putDrawExport(semesterId, drawId, { input: drawInput, result });
  const state: LotteryDrawState = {
    semesterId,
    drawId,
    seed: drawInput.seed,
    ranAt: new Date().toISOString(),
    ranBy,
    runs: (previous?.runs ?? 0) + 1,
    summary: summarizeDraw(result),
    status: 'preview',
  };
  if (!(await putDrawPreview(state, previous?.drawId))) return undefined;
  const { runs: _runs, status: _status, ...run } = state;
  await putDrawRun(run);
  return state;
}
