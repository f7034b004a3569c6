import { allocationSettingsOfMany, requestGate } from '../../enrollment/allocationSettings';
import { drawStateOf } from '../lotteryDraws';
import { familyLotteryRequests } from '../records/lotteryRequests';
import { seedsOf, shownCommitments } from '../records/lotterySeeds';
import { semestersNotEnded } from '../../catalogue/semesters';
import type { FamilyLottery, LotteryRequest } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { type ErrorLanguage, messageIn } from '../../platform/errorLanguage';
import { familyHandler } from '../../platform/familyHandler';

const withReasonIn = (language: ErrorLanguage | undefined, request: LotteryRequest): LotteryRequest => ({
  ...request,
  result: { ...request.result!, reason: messageIn(language, request.result!.reason!) },
});

/**
 * The lotteries of the semesters not yet ended, as the family sees them: when requests are taken (for this
 * family), its requests, the commitments to the draw's seed and, once the draw is published, their results and
 * the seed.
 */
export async function myLotteries(_input: unknown, caller: FamilyCaller): Promise<{ lotteries: FamilyLottery[] }> {
  const semesters = await semestersNotEnded();
  const ids = semesters.map((semester) => semester.id);
  const [settings, seeds] = await Promise.all([allocationSettingsOfMany(ids), seedsOf(ids)]);
  const lotteries = await Promise.all(
    semesters.flatMap((semester) => {
      const own = settings.get(semester.id)!;
      if (!own.lottery) return [];
      return [
        (async (): Promise<FamilyLottery> => {
          const [gate, requests, draw] = await Promise.all([
            requestGate(semester, own, caller.familyId),
            familyLotteryRequests(caller.familyId, semester.id),
            drawStateOf(semester.id),
          ]);
          const published = draw?.status === 'published' ? draw : undefined;
          return {
            semester,
            lottery: own.lottery!,
            window: gate.open ? { open: true } : { open: false, message: messageIn(caller.language, gate.message) },
            // A result shows once the whole draw is published, not while it is being written; why a child was left
            // unplaced (enrolling's refusal, kept in English) in the caller's language.
            requests: published
              ? requests.map((request) => (request.result?.reason ? withReasonIn(caller.language, request) : request))
              : requests.map(({ result: _result, ...request }) => request),
            // The seed itself only with the published draw.
            commitments: shownCommitments(seeds.get(semester.id)?.commitments ?? []),
            ...(published && { draw: { seed: published.seed, publishedAt: published.publishedAt! } }),
          };
        })(),
      ];
    }),
  );
  return { lotteries };
}

export const handler = familyHandler('myLotteries', myLotteries);
