import { familyRecipients, switchedOff } from '../mailPreferences';
import { audienceOf } from '../messages';
import type { ParsedInput } from '../../contract/manifest';
import { notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/** Whom a message would reach now: how many families and addresses, and how its e-mail names them. */
export async function messageAudience({ audience }: ParsedInput<'messageAudience'>) {
  const found = await audienceOf(audience);
  if (!found)
    throw notFound(
      `There is no such ${audience.kind === 'semester' ? 'semester' : audience.kind === 'group' ? 'class group' : 'class'}.`,
    );
  const off = await switchedOff([...found.families.keys()], 'announcements');
  const reached = [...found.families.keys()].filter((familyId) => !off.has(familyId));
  const addresses = await familyRecipients(reached, 'announcements');
  return {
    label: found.label,
    where: found.where,
    families: reached.length,
    /** Families of the audience that switched messages off: they are not written to. */
    switchedOff: off.size,
    addresses: [...addresses.values()].reduce((sum, list) => sum + list.length, 0),
    /** The children of one family, to show the e-mail as a family reads it. */
    exampleChildren: [...found.families.values()][0] ?? [],
  };
}

export const handler = portalHandler('messageAudience', messageAudience);
