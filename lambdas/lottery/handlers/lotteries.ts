import { allocationSettingsOfMany } from '../../enrollment/allocationSettings';
import { semestersNotEnded } from '../../catalogue/semesters';
import type { LotteryView } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/**
 * The lotteries of the semesters whose seats left after the draw are not yet open to everyone, the same for
 * everyone (served from the edge's cache): Class Registration says a lottery is under way, and until when
 * requests are taken, instead of only that registration is not open.
 */
export async function lotteries(): Promise<{ lotteries: LotteryView[] }> {
  const now = new Date();
  const semesters = await semestersNotEnded(now);
  const settings = await allocationSettingsOfMany(semesters.map((semester) => semester.id));
  return {
    lotteries: semesters.flatMap((semester) => {
      const lottery = settings.get(semester.id)?.lottery;
      if (!lottery || Date.parse(lottery.seatsOpen) <= now.getTime()) return [];
      const { requestsOpen, requestsClose, resultsBy, seatsOpen } = lottery;
      return [
        { semesterId: semester.id, semesterName: semester.name, requestsOpen, requestsClose, resultsBy, seatsOpen },
      ];
    }),
  };
}

export const handler = portalHandler('lotteries', lotteries);
