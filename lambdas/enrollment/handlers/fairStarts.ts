import { allocationSettingsOfMany } from '../allocationSettings';
import { fairStartView } from '../fairStart';
import { seedsOf } from '../../lottery/records/lotterySeeds';
import { semestersNotEnded } from '../../catalogue/semesters';
import type { FairStartView } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/**
 * The fair starts of the semesters not yet ended, the same for everyone (served from the edge's cache): their
 * draws, the commitment to the seed and, once the last draw came, the seed.
 */
export async function fairStarts(): Promise<{ fairStarts: FairStartView[] }> {
  const semesters = await semestersNotEnded();
  const ids = semesters.map((semester) => semester.id);
  const [settings, seeds] = await Promise.all([allocationSettingsOfMany(ids), seedsOf(ids)]);
  return {
    fairStarts: semesters.flatMap((semester) => {
      const view = fairStartView(semester, settings.get(semester.id)!, seeds.get(semester.id));
      return view ? [view] : [];
    }),
  };
}

export const handler = portalHandler('fairStarts', fairStarts);
