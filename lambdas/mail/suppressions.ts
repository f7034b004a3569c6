// Addresses the portal no longer writes to: one that bounced for good or whose owner marked the portal's
// e-mail as spam (SES's events, through the configuration set, recorded by mailFeedback). Writing to them
// again would hurt every family's e-mail: SES pauses an account whose bounces or complaints run high. An
// administrator sees them and clears one (after the family fixed its address); the family sees a notice in the
// portal. `SUPPRESSED#address / SUPPRESSED`, listed on GSI1 (`SUPPRESSIONS`, newest last).
import { entity } from '../platform/entity';
import type { Suppression } from '../contract/mailRecords';

/** A suppression, under its address in lower case (as its `email` is stored). */
const suppressionEntity = entity<Suppression, Pick<Suppression, 'email'>, 'all'>({
  type: 'suppression',
  key: { partition: ({ email }) => `SUPPRESSED#${email.toLowerCase()}`, sort: 'SUPPRESSED' },
  lists: {
    all: {
      index: 'GSI1',
      partition: () => 'SUPPRESSIONS',
      sort: { prefix: '', of: ({ at, email }) => `${at}#${email}` },
    },
  },
  read: (item) => ({
    email: item.string('email'),
    reason: item.oneOf('reason', ['bounce', 'complaint']),
    detail: item.string('detail'),
    at: item.string('at'),
  }),
});

export async function suppress({ email, reason, detail, at }: Suppression): Promise<void> {
  await suppressionEntity.put({ email: email.toLowerCase(), reason, detail: detail.slice(0, 500), at });
}

/** The suppressions among these addresses, by address (lower case). */
export async function suppressionsOf(emails: string[]): Promise<Map<string, Suppression>> {
  if (emails.length === 0) return new Map();
  // Few addresses (a family's); strongly consistent, so a bounce recorded a moment ago counts.
  const found = await suppressionEntity.getMany(
    emails.map((email) => ({ email })),
    { consistent: true },
  );
  return new Map(found.map((suppression) => [suppression.email, suppression]));
}

export function listSuppressions(): Promise<Suppression[]> {
  return suppressionEntity.inList('all', {}, { newestFirst: true });
}

/** Writes to the address again; false when it was not suppressed. */
export function clearSuppression(email: string): Promise<boolean> {
  return suppressionEntity.delete({ email }, { condition: 'attribute_exists(PK)' });
}
