import { familyAddresses } from '../data/families';
import { audienceOf } from '../data/messages';
import type { ParsedInput } from '../manifest';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/** Whom a message would reach now: how many families and addresses, and how its e-mail names them. */
export async function messageAudience({ audience }: ParsedInput<'messageAudience'>) {
  const found = await audienceOf(audience);
  if (!found)
    throw notFound(
      `There is no such ${audience.kind === 'semester' ? 'semester' : audience.kind === 'group' ? 'class group' : 'class'}.`,
    );
  const addresses = await familyAddresses([...found.families.keys()]);
  return {
    label: found.label,
    where: found.where,
    families: found.families.size,
    addresses: [...addresses.values()].reduce((sum, list) => sum + list.length, 0),
    /** The children of one family, to show the e-mail as a family reads it. */
    exampleChildren: [...found.families.values()][0] ?? [],
  };
}

export const handler = portalHandler('messageAudience', messageAudience);
