import { drawStateOf, notPublishing } from '../lotteryDraws';
import type { LotteryDrawState } from '../../contract/lottery/records';
import { changeSeed, seedOf } from '../records/lotterySeeds';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { failedPrecondition } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../../families/ownAccount';

/**
 * Changes a semester's lottery seed, for a reason families read (a mistake in the settings): a new secret seed,
 * and its commitment, which every family sees with the reason and the count of commitments. `replacing`, the
 * commitment the administrator saw, guards against two changes at once. A preview drawn with the old seed stays
 * until the draw runs again, and is never published; once a publication started, the seed no longer changes.
 */
export async function changeLotterySeed(input: ParsedInput<'changeLotterySeed'>, caller: Caller) {
  const semester = await semesterOrCurrent(input.semesterId);
  const [current, draw] = await Promise.all([seedOf(semester.id), drawStateOf(semester.id)]);
  const final = (status: LotteryDrawState['status']) =>
    failedPrecondition(
      `The draw for ${semester.name} is ${status === 'published' ? 'published already' : 'being published'}: its seed can no longer change.`,
    );
  if (draw && draw.status !== 'preview') throw final(draw.status);
  if (!current)
    throw failedPrecondition(`${semester.name} has no committed seed: set a lottery in its allocation settings first.`);
  const changedMeanwhile = failedPrecondition(
    `The seed of ${semester.name}'s lottery was changed meanwhile: look at its commitment before changing it.`,
  );
  if (current.commitments.at(-1)!.hash !== input.replacing) throw changedMeanwhile;

  const outcome = await changeSeed(current, input.reason, await callerLabel(caller), notPublishing(semester.id));
  if ('changed' in outcome) return { commitments: outcome.changed.commitments };
  if (outcome.failed === 'seed') throw changedMeanwhile;
  // A publication started meanwhile.
  throw final((await drawStateOf(semester.id))!.status);
}

export const handler = portalHandler('changeLotterySeed', changeLotterySeed);
