import { putAllocationSettings } from '../data/allocationSettings';
import { committedSeed } from '../data/lotterySeeds';
import { semesterOrCurrent } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { invalidArgument } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/**
 * Sets how a semester's seats are given. A priority window opens before everyone else's: before registration
 * opens (first come first served) or before requests open (a lottery); otherwise it would give nobody anything.
 * A lottery's seed is committed before its settings are kept, so families see the commitment from the start;
 * saving again, or dropping the lottery and setting it again, keeps that seed.
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
  if (input.lottery) await committedSeed(semester.id, caller.username);
  await putAllocationSettings(input);
  return { settings: input };
}

export const handler = portalHandler('saveAllocationSettings', saveAllocationSettings);
