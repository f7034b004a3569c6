import { programmeMoments } from '../../catalogue/settings';
import { allocationSettingsOf } from '../../enrollment/allocationSettings';
import { drawPreview } from '../lotteryDrawRun';
import { drawStateOf } from '../lotteryDraws';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { failedPrecondition } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../../families/ownAccount';

/**
 * Runs a semester's draw once its requests closed, with its committed seed, and keeps it as the preview
 * administrators read before publishing (its export too). Running it again replaces the preview with a draw of
 * the same seed (of the requests and classes as they are then): only a change of seed (changeLotterySeed), which
 * every family sees, gives another. `drawId`, the preview the administrator saw, guards against two runs at once.
 * Once published, a draw is never replaced.
 */
export async function runLotteryDraw(input: ParsedInput<'runLotteryDraw'>, caller: Caller) {
  const semester = await semesterOrCurrent(input.semesterId);
  const { lottery } = await allocationSettingsOf(semester.id);
  if (!lottery) throw failedPrecondition(`${semester.name} has no lottery: set one in its allocation settings first.`);
  if (Date.now() < Date.parse(lottery.requestsClose))
    throw failedPrecondition(
      `Requests for ${semester.name} are taken until ${(await programmeMoments())(lottery.requestsClose)}: run the draw once they close.`,
    );
  const previous = await drawStateOf(semester.id);
  if (previous?.status === 'published') throw failedPrecondition(`The draw for ${semester.name} is published already.`);
  if (previous?.status === 'publishing')
    throw failedPrecondition(`The draw for ${semester.name} is being published: it can no longer be run again.`);
  if (previous && previous.drawId !== input.drawId)
    throw failedPrecondition('Another draw was run meanwhile: look at it before running the draw again.');

  const state = await drawPreview(semester.id, lottery, await callerLabel(caller), previous);
  if (!state)
    throw failedPrecondition('Another draw was run or published meanwhile: look at it before running the draw again.');
  return { draw: state };
}

export const handler = portalHandler('runLotteryDraw', runLotteryDraw);
