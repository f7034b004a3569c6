// Which family a login belongs to. A family is named by the sub of the guardian who made it, so every item
// it stored before guardians existed stays valid: a login without a membership item is the guardian of
// its own family (`FAMILY#<its sub>`). `LOGIN#sub / FAMILY` says otherwise: the login joined another
// family, or left the one named by its sub. The handlers read it on every family call, strongly
// consistent and never cached, so a guardian removed from a family loses access at the next call.
import type { TransactItem } from './transact';
import { entity } from './entity';

export interface Membership {
  sub: string;
  familyId: string;
  since: string;
}

export const membershipEntity = entity<Membership, Pick<Membership, 'sub'>>({
  type: 'membership',
  key: { partition: ({ sub }) => `LOGIN#${sub}`, sort: 'FAMILY' },
  read: (item) => ({ sub: item.string('sub'), familyId: item.string('familyId'), since: item.string('since') }),
});

/** The family a login manages now. */
export async function familyIdOf(sub: string): Promise<string> {
  return (await membershipEntity.get({ sub }))?.familyId ?? sub;
}

/**
 * The login's membership set to `familyId`, on condition it still belongs to `fromFamilyId` (what was read):
 * two changes of one login at once cannot both pass.
 */
export function membershipMove(sub: string, fromFamilyId: string, familyId: string, now: string): TransactItem {
  return membershipEntity.putItem(
    { sub, familyId, since: now },
    {
      condition: fromFamilyId === sub ? 'attribute_not_exists(PK) OR familyId = :from' : 'familyId = :from',
      values: { ':from': fromFamilyId },
    },
  );
}
