// Class groups: `GROUP#id / GROUP`; a semester's groups through GSI1 (`SEMESTER#id`, `GROUP#id`).
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClassGroup } from '../records';
import { batchGetAll, dynamo, queryAll, tableName, type Item } from '../shared/dynamo';
import { semesterPartition } from './classes';

export const groupKey = (id: string) => ({ PK: `GROUP#${id}`, SK: 'GROUP' });

export function toGroup(item: Item): ClassGroup {
  const { id, semesterId, name, description, classIds } = item as unknown as ClassGroup;
  return { id, semesterId, name, description: description ?? '', classIds: classIds ?? [] };
}

const byName = (a: ClassGroup, b: ClassGroup) => a.name.localeCompare(b.name);

export async function groupsOfSemester(semesterId: string): Promise<ClassGroup[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :semester AND begins_with(GSI1SK, :group)',
    ExpressionAttributeValues: { ':semester': semesterPartition(semesterId), ':group': 'GROUP#' },
  });
  return items.map(toGroup).sort(byName);
}

export async function getGroups(ids: string[]): Promise<ClassGroup[]> {
  return (await batchGetAll(ids.map(groupKey))).map(toGroup).sort(byName);
}

export function groupItem(group: ClassGroup): Item {
  return { ...groupKey(group.id), GSI1PK: semesterPartition(group.semesterId), GSI1SK: `GROUP#${group.id}`, type: 'group', ...group };
}

export async function putGroup(group: ClassGroup): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName, Item: groupItem(group) }));
}

export async function deleteGroupItem(id: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: groupKey(id) }));
}
