// Classes: `CLASS#id / CLASS`, holding the seat counts; a semester's classes through GSI1
// (`SEMESTER#id`, `CLASS#id`). The class's enrollments share its partition (see enrollments).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Class, ClassInput } from '../records';
import { batchGetAll, dynamo, queryAll, tableName, type Item } from '../shared/dynamo';

export const classKey = (id: string) => ({ PK: `CLASS#${id}`, SK: 'CLASS' });
export const semesterPartition = (semesterId: string) => `SEMESTER#${semesterId}`;

/** The stored class: what an administrator saved plus the portal's seat counts. */
export type StoredClass = Omit<Class, 'seatsLeft'>;

export function toClass(item: Item): Class {
  const stored = item as unknown as StoredClass;
  const enrolled = Number(stored.enrolled ?? 0);
  const capacity = Number(stored.capacity ?? 0);
  return {
    id: stored.id,
    semesterId: stored.semesterId,
    name: stored.name,
    description: stored.description ?? '',
    location: stored.location ?? '',
    instructor: stored.instructor ?? '',
    meetings: stored.meetings ?? [],
    capacity,
    enrolled,
    waitlisted: Number(stored.waitlisted ?? 0),
    seatsLeft: Math.max(0, capacity - enrolled),
    ...(stored.minGrade !== undefined && { minGrade: Number(stored.minGrade) }),
    ...(stored.maxGrade !== undefined && { maxGrade: Number(stored.maxGrade) }),
    status: stored.status ?? 'open',
  };
}

/** Classes in the order a family reads a programme: by first meeting, then by name. */
export function byFirstMeeting(a: Class, b: Class): number {
  const first = (c: Class) => (c.meetings[0] ? `${c.meetings[0].date}T${c.meetings[0].start}` : '9999');
  return first(a).localeCompare(first(b)) || a.name.localeCompare(b.name);
}

export async function classesOfSemester(semesterId: string): Promise<Class[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :semester AND begins_with(GSI1SK, :class)',
    ExpressionAttributeValues: { ':semester': semesterPartition(semesterId), ':class': 'CLASS#' },
  });
  return items.map(toClass).sort(byFirstMeeting);
}

export async function getClasses(ids: string[], consistent = false): Promise<Class[]> {
  const items = await batchGetAll(ids.map(classKey), { ConsistentRead: consistent });
  return items.map(toClass);
}

export function classItem(stored: StoredClass): Item {
  return { ...classKey(stored.id), GSI1PK: semesterPartition(stored.semesterId), GSI1SK: `CLASS#${stored.id}`, type: 'class', ...stored };
}

/** A new class, with no one enrolled yet. */
export async function createClass(input: ClassInput & { id: string }): Promise<Class> {
  const stored: StoredClass = { ...input, enrolled: 0, waitlisted: 0 };
  await dynamo.send(new PutCommand({ TableName: tableName, Item: classItem(stored), ConditionExpression: 'attribute_not_exists(PK)' }));
  return toClass(stored as unknown as Item);
}
