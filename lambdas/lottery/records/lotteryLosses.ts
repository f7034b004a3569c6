// Each family's count of lottery draws it lost (`FAMILY#id / LOTTERY-LOSSES`): a published draw in which a
// child of the family waits and none got a seat. Counted in the transaction that writes the family's last
// placement of the draw (written once, like it); a weighted draw gives the family a ticket more per loss.
import type { TransactItem } from '../../platform/transact';
import { entity } from '../../platform/entity';
import { partitions } from '../../platform/partitions';

interface LotteryLosses {
  familyId: string;
  losses: number;
  updatedAt: string;
}

const lossesEntity = entity<LotteryLosses, Pick<LotteryLosses, 'familyId'>>({
  type: 'lotteryLosses',
  key: { partition: ({ familyId }) => partitions.family(familyId), sort: 'LOTTERY-LOSSES' },
  read: (item) => ({
    familyId: item.string('familyId'),
    losses: item.number('losses'),
    updatedAt: item.string('updatedAt'),
  }),
});

/** One more loss for the family, for the transaction that publishes its results. */
export function lossItem(familyId: string, now: string): TransactItem {
  return lossesEntity.updateItem(
    { familyId },
    { set: { type: lossesEntity.type, familyId, updatedAt: now }, add: { losses: 1 } },
  );
}

/** The key of the family's count, to remove it with its account. */
export const lossesKey = (familyId: string) => lossesEntity.key({ familyId });

/** The families' losses so far, by family id (none: 0). */
export async function lossesOf(familyIds: string[]): Promise<Map<string, number>> {
  const found = await lossesEntity.getMany(familyIds.map((familyId) => ({ familyId })));
  return new Map(found.map(({ familyId, losses }) => [familyId, losses]));
}
