import { getGroups } from '../data/groups';
import type { ParsedInput } from '../manifest';
import { portalHandler } from '../shared/handler';

export async function classGroups({ groups }: ParsedInput<'classGroups'>) {
  return { groups: await getGroups(groups.map((reference) => reference.id)) };
}

export const handler = portalHandler('classGroups', classGroups);
