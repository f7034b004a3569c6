import { alignLines, deleteGroupItem, getGroups } from '../groups';
import type { ParsedInput } from '../../contract/manifest';
import { notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * Deletes a class group; its enrollments stay, each in its class, and still cancel together. Its classes'
 * requests no longer share a line unless other groups join them.
 */
export async function deleteGroup({ id }: ParsedInput<'deleteGroup'>) {
  const [group] = await getGroups([id]);
  if (!group) throw notFound('There is no such class group.');
  await deleteGroupItem(id);
  await alignLines(group.semesterId, { deletedId: id });
  return {};
}

export const handler = portalHandler('deleteGroup', deleteGroup);
