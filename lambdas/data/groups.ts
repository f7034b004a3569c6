// Class groups: `GROUP#id / GROUP`; a semester's groups through GSI1 (`SEMESTER#id`, `GROUP#id`).
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassGroup } from '../records';
import { batchGetAll, dynamo, tableName, type Item } from '../shared/dynamo';
import { semesterClassLines, setClassLine } from './classes';
import { linesOf } from './lines';
import { semesterIndexKeys, semesterItems } from './semesterIndex';

export const groupKey = (id: string) => ({ PK: `GROUP#${id}`, SK: 'GROUP' });

export function toGroup(item: Item): ClassGroup {
  const { id, semesterId, name, description, classIds } = item as unknown as ClassGroup;
  return { id, semesterId, name, description: description ?? '', classIds: classIds ?? [] };
}

const byName = (a: ClassGroup, b: ClassGroup) => a.name.localeCompare(b.name);

export async function groupsOfSemester(semesterId: string): Promise<ClassGroup[]> {
  return (await semesterItems(semesterId, 'GROUP')).map(toGroup).sort(byName);
}

export async function getGroups(ids: string[]): Promise<ClassGroup[]> {
  return (await batchGetAll(ids.map(groupKey))).map(toGroup).sort(byName);
}

export function groupItem(group: ClassGroup): Item {
  return { ...groupKey(group.id), ...semesterIndexKeys(group.semesterId, 'GROUP', group.id), type: 'group', ...group };
}

export async function putGroup(group: ClassGroup): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName, Item: groupItem(group) }));
}

export async function deleteGroupItem(id: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: groupKey(id) }));
}

/**
 * Sets the line of every class of a semester as its groups join them now. `change` is the group just
 * saved or deleted: the semester's index may not show it yet.
 */
export async function alignLines(semesterId: string, change: { saved: ClassGroup } | { deletedId: string }) {
  const [stored, listed] = await Promise.all([semesterClassLines(semesterId), groupsOfSemester(semesterId)]);
  const changedId = 'saved' in change ? change.saved.id : change.deletedId;
  const groups = [
    ...listed.filter((group) => group.id !== changedId),
    ...('saved' in change && change.saved.semesterId === semesterId ? [change.saved] : []),
  ];
  const lines = linesOf(stored.keys(), groups);
  await Promise.all(
    [...lines]
      .filter(([id, line]) => stored.has(id) && stored.get(id) !== line)
      .map(([id, line]) => setClassLine(id, line)),
  );
}
