import { putAllocationSettings } from '../allocationSettings';
import { committedSeed } from '../../lottery/records/lotterySeeds';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { invalidArgument } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../../families/ownAccount';

/**
 * Sets how a semester's seats are given. A priority window opens before everyone else's: before registration
 * opens (first come first served) or before requests open (a lottery); otherwise it would give nobody anything.
 * A lottery's seed, or a fair start's, is committed before its settings are kept, so families see the commitment
 * from the start; saving again, or dropping the lottery or the fair start and setting it again, keeps that seed.
 */
export async function saveAllocationSettings(input: ParsedInput<'saveAllocationSettings'>, caller: Caller) {
  const semester = await semesterOrCurrent(input.semesterId);
  const opensForAll = input.lottery ? input.lottery.requestsOpen : semester.registrationOpens;
  const closes = input.lottery ? input.lottery.requestsClose : semester.registrationCloses;
  input.priorityWindows.forEach((window, index) => {
    if (opensForAll && Date.parse(window.opens) >= Date.parse(opensForAll))
      throw invalidArgument(
        `priorityWindows[${index}].opens: must be before ${input.lottery ? 'requests' : 'registration'} open for everyone`,
      );
    if (closes && Date.parse(window.opens) >= Date.parse(closes))
      throw invalidArgument(`priorityWindows[${index}].opens: must be before registration closes`);
  });
  if (
    input.lottery &&
    semester.registrationCloses &&
    Date.parse(input.lottery.seatsOpen) >= Date.parse(semester.registrationCloses)
  )
    throw invalidArgument('lottery.seatsOpen: must be before registration for the semester closes');
  if (input.fairStart && input.lottery)
    throw invalidArgument(
      'fairStart: a lottery gives its seats by its draw; a fair start is for first come first served',
    );
  if (input.fairStart && !semester.registrationOpens)
    throw invalidArgument(
      `fairStart: set when registration for ${semester.name} opens first: the draw is counted from it`,
    );
  // A fair start's draw, like a lottery's, runs with the seed committed before families can ask anything.
  if (input.lottery || input.fairStart) await committedSeed(semester.id, await callerLabel(caller));
  await putAllocationSettings(input);
  return { settings: input };
}

export const handler = portalHandler('saveAllocationSettings', saveAllocationSettings);
