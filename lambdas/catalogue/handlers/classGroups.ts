import { getGroups } from '../groups';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

export async function classGroups({ groups }: ParsedInput<'classGroups'>) {
  return { groups: await getGroups(groups.map((reference) => reference.id)) };
}

export const handler = portalHandler('classGroups', classGroups);
