// A fair start's draw: the requests a family makes before its opening, or within its first minutes, are put in
// order by the family's rank, SHA-256 of the semester's committed seed and the family's id (lotterySeeds.ts holds
// the seed, shown only as its commitment until the draw). One rank per family: however many tabs, devices or
// guardians press Enroll, the family's requests stand together in the draw, in the order they were made.
import { fairStartRank } from '../contract/lottery/fairStartRecord';
import type { AllocationSettings, FairStartView, Semester } from '../contract/records';
import { RecentReads } from '../platform/recentReads';
import type { FairStartDraw } from './enrollmentRequests';
import { seedOf, type LotterySeed } from '../lottery/records/lotterySeeds';

// A fair start's seed never changes once committed (only a lottery's may, by its administrator).
const seeds = new RecentReads<string>({
  ttlMs: 60_000,
  read: async ([semesterId]) => {
    const found = await seedOf(semesterId!);
    return new Map(found ? [[semesterId!, found.seed]] : []);
  },
});

/** Where the family's request goes in the draw the gate named (its opening and moment). */
export async function drawOfFamily(
  semesterId: string,
  familyId: string,
  draw: Pick<FairStartDraw, 'opening' | 'at'>,
): Promise<FairStartDraw> {
  const seed = (await seeds.get([semesterId])).get(semesterId);
  // Saving the fair start commits the seed before the settings: a semester without one has no fair start.
  if (!seed) throw new Error(`The fair start of semester ${semesterId} has no committed seed.`);
  return { ...draw, rank: fairStartRank(seed, familyId) };
}

/** The name of the draw at registration's opening for everyone (a priority window's draw has the window's name). */
const EVERYONE_DRAW = 'Registration for everyone';

/**
 * A semester's fair start as everyone sees it at `now` (undefined without one): its draws in time order, the
 * commitment, and the seed once the last draw came (before, a family could work out the ranks of a later draw).
 */
export function fairStartView(
  semester: Semester,
  settings: AllocationSettings,
  seed: LotterySeed | undefined,
  now = new Date(),
): FairStartView | undefined {
  const { fairStart } = settings;
  if (!fairStart || !semester.registrationOpens || !seed) return undefined;
  const minutes = fairStart.minutes * 60_000;
  const draws = [
    ...settings.priorityWindows.map((window) => ({ name: window.name, opening: window.opens })),
    { name: EVERYONE_DRAW, opening: semester.registrationOpens },
  ]
    .map((draw) => ({ ...draw, drawAt: new Date(Date.parse(draw.opening) + minutes).toISOString() }))
    .sort((a, b) => Date.parse(a.drawAt) - Date.parse(b.drawAt));
  const lastDraw = Date.parse(draws.at(-1)!.drawAt);
  return {
    semesterId: semester.id,
    semesterName: semester.name,
    minutes: fairStart.minutes,
    draws,
    commitment: seed.commitments.at(-1)!.hash,
    ...(now.getTime() >= lastDraw && { seed: seed.seed }),
  };
}
