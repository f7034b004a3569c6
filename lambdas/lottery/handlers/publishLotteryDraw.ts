import { drawStateOf, finishPublishing, startPublishing } from '../lotteryDraws';
import type { LotteryDrawState } from '../../contract/lottery/records';
import { publishPlacements } from '../lotteryPublication';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { failedPrecondition } from '../../contract/errors';
import type { Call } from '../../platform/handler';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../../families/ownAccount';

/** Time kept back from the call's for the last chunk under way and the answer. */
const MARGIN_MS = 3000;

/**
 * Publishes the draw the administrator previewed (`drawId`): its enrollments and waitlist places are written
 * (each family e-mailed its results with its last one), and the draw is marked published. A publication the
 * call's time did not finish answers `publishing` with its progress; publishing again resumes it, as does
 * a retried or concurrent call: nothing is written twice. Publishing a draw already published answers it. Only a
 * draw of the committed seed is published: a change of seed since it ran refuses it.
 */
export async function publishLotteryDraw(input: ParsedInput<'publishLotteryDraw'>, caller: Caller, call: Call) {
  const semester = await semesterOrCurrent(input.semesterId);
  let state = await drawStateOf(semester.id);
  if (!state) throw failedPrecondition(`${semester.name} has no draw to publish: run the draw first.`);
  if (state.drawId !== input.drawId)
    throw failedPrecondition(
      state.status === 'preview'
        ? 'Another draw was run meanwhile: look at its preview before publishing it.'
        : `Another draw of ${semester.name} is ${state.status === 'published' ? 'published' : 'being published'} already.`,
    );
  if (state.status === 'published') return { draw: state };
  if (state.status === 'preview') {
    await startPublishing(semester.id, state.drawId, await callerLabel(caller));
    state = (await drawStateOf(semester.id))!;
    if (state.drawId !== input.drawId)
      throw failedPrecondition('Another draw was run meanwhile: look at its preview before publishing it.');
    if (state.status === 'published') return { draw: state };
    // Still the preview: its seed is no longer the committed one.
    if (state.status === 'preview')
      throw failedPrecondition(
        'The seed was changed after this draw: run the draw again with the new seed before publishing it.',
      );
  }
  const by = { sub: caller.sub, isAdmin: true };
  const deadline = Date.now() + call.remainingMs() - MARGIN_MS;
  const progress = await publishPlacements(semester.id, state.drawId, by, deadline);
  if (progress.written < progress.total) return { draw: state, progress };
  await finishPublishing(state, new Date().toISOString());
  return { draw: (await drawStateOf(semester.id)) as LotteryDrawState };
}

export const handler = portalHandler('publishLotteryDraw', publishLotteryDraw);
