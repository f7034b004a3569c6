import { randomBytes, randomUUID } from 'node:crypto';
import { allocationSettingsOf } from '../data/allocationSettings';
import { drawStateOf, putDrawExport, putDrawPreview, putDrawRun } from '../data/lotteryDraws';
import { drawInputOf } from '../data/lotteryInput';
import { semesterOrCurrent } from '../data/semesters';
import { runDraw, summarizeDraw } from '../lottery/draw';
import type { ParsedInput } from '../manifest';
import { momentText } from '../moments';
import type { Caller } from '../shared/caller';
import { failedPrecondition } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/**
 * Runs a semester's draw once its requests closed, with a new random seed, and keeps it as the preview
 * administrators read before publishing (its export too). Running it again replaces the preview with a draw
 * of another seed; `drawId`, the preview the administrator saw, guards against two runs at once. Once
 * published, a draw is never replaced.
 */
export async function runLotteryDraw(input: ParsedInput<'runLotteryDraw'>, caller: Caller) {
  const semester = await semesterOrCurrent(input.semesterId);
  const { lottery } = await allocationSettingsOf(semester.id);
  if (!lottery) throw failedPrecondition(`${semester.name} has no lottery: set one in its allocation settings first.`);
  if (Date.now() < Date.parse(lottery.requestsClose))
    throw failedPrecondition(
      `Requests for ${semester.name} are taken until ${momentText(lottery.requestsClose, 'UTC')}: run the draw once they close.`,
    );
  const previous = await drawStateOf(semester.id);
  if (previous?.status === 'published') throw failedPrecondition(`The draw for ${semester.name} is published already.`);
  if (previous?.status === 'publishing')
    throw failedPrecondition(`The draw for ${semester.name} is being published: it can no longer be run again.`);
  if (previous && previous.drawId !== input.drawId)
    throw failedPrecondition('Another draw was run meanwhile: look at it before running the draw again.');

  // 128 random bits, published with the result, so anyone can run the same draw again.
  const drawInput = await drawInputOf(semester.id, randomBytes(16).toString('hex'), lottery.weighted);
  const result = runDraw(drawInput);
  const drawId = randomUUID();
  await putDrawExport(semester.id, drawId, { input: drawInput, result });
  const state = {
    semesterId: semester.id,
    drawId,
    seed: drawInput.seed,
    ranAt: new Date().toISOString(),
    ranBy: caller.username,
    runs: (previous?.runs ?? 0) + 1,
    summary: summarizeDraw(result),
    status: 'preview' as const,
  };
  if (!(await putDrawPreview(state, previous?.drawId)))
    throw failedPrecondition('Another draw was run or published meanwhile: look at it before running the draw again.');
  const { runs: _runs, status: _status, ...run } = state;
  await putDrawRun(run);
  return { draw: state };
}

export const handler = portalHandler('runLotteryDraw', runLotteryDraw);
