import { deleteGroupItem, getGroups } from '../data/groups';
import type { ParsedInput } from '../manifest';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/** Deletes a class group; its enrollments stay, each in its class, and still cancel together. */
export async function deleteGroup({ id }: ParsedInput<'deleteGroup'>) {
  if ((await getGroups([id])).length === 0) throw notFound('There is no such class group.');
  await deleteGroupItem(id);
  return {};
}

export const handler = portalHandler('deleteGroup', deleteGroup);
