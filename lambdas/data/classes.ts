// Classes: `CLASS#id / CLASS`, holding the seat counts; a semester's classes through GSI1
// (`SEMESTER#id`, `CLASS#id`). The class's enrollments share its partition (see enrollments).
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Class, ClassInput } from '../records';
import { batchGetAll, dynamo, tableName, type Item } from '../shared/dynamo';
import { transactWrite } from '../shared/transact';
import { mailRequestItem } from './mailRequests';
import { semesterIndexKeys, semesterItems } from './semesterIndex';

export const classKey = (id: string) => ({ PK: `CLASS#${id}`, SK: 'CLASS' });

/**
 * The stored class: what an administrator saved, the portal's seat counts, and the waitlist's order:
 * each waitlisted student's place in line, numbered by the class's join counter in the very transaction
 * that put them on the waitlist, so the line is the order in which joins committed.
 */
export type StoredClass = Omit<Class, 'seatsLeft'> & { waitlistSeq: number; waitlistOrder: Record<string, number> };

export function toClass(item: Item | StoredClass): Class {
  const stored = item as StoredClass;
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
    ...(stored.whatToBring && { whatToBring: stored.whatToBring }),
  };
}

/** Classes in the order a family reads a programme: by first meeting, then by name. */
export function byFirstMeeting(a: Class, b: Class): number {
  const first = (c: Class) => (c.meetings[0] ? `${c.meetings[0].date}T${c.meetings[0].start}` : '9999');
  return first(a).localeCompare(first(b)) || a.name.localeCompare(b.name);
}

export async function classesOfSemester(semesterId: string): Promise<Class[]> {
  return (await semesterItems(semesterId, 'CLASS')).map(toClass).sort(byFirstMeeting);
}

export async function getClasses(ids: string[], consistent = false): Promise<Class[]> {
  const items = await batchGetAll(ids.map(classKey), { ConsistentRead: consistent });
  return items.map(toClass);
}

/** One class as stored now, with its waitlist order. */
export async function getStoredClass(id: string): Promise<StoredClass | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: classKey(id), ConsistentRead: true }));
  return Item as StoredClass | undefined;
}

const RECENT_MS = 30_000;
const recent = new Map<string, { cls: Class; seenAt: number }>();

/** Notes a class as just seen (read, or returned by a failed condition), for recentClasses. */
export function rememberClass(cls: Class, now = Date.now()): void {
  // Only an open class: one seen closed may have just reopened, and refusing it from memory would be wrong.
  if (cls.status === 'open') recent.set(cls.id, { cls, seenAt: now });
  else recent.delete(cls.id);
}

/**
 * Classes as this function instance saw them in the last 30 seconds, read when not: to plan an
 * enrollment, whose transaction then checks seats and status against the class as it is.
 */
export async function recentClasses(ids: string[], now = Date.now()): Promise<Map<string, Class>> {
  const missing = ids.filter((id) => (recent.get(id)?.seenAt ?? -Infinity) <= now - RECENT_MS);
  const read = missing.length ? await getClasses(missing, true) : [];
  for (const cls of read) rememberClass(cls, now);
  const seen = new Map(read.map((cls) => [cls.id, cls]));
  return new Map(
    ids.flatMap((id) => {
      const cls = seen.get(id) ?? recent.get(id)?.cls;
      return cls ? [[id, cls] as const] : [];
    }),
  );
}

/** The classes as they are now (strongly consistent), by id; absent ones are missing from the map. */
export async function classesNow(ids: string[]): Promise<Map<string, Class>> {
  return new Map((await getClasses(ids, true)).map((cls) => [cls.id, cls]));
}

export function classItem(stored: StoredClass): Item {
  return {
    ...classKey(stored.id),
    ...semesterIndexKeys(stored.semesterId, 'CLASS', stored.id),
    type: 'class',
    ...stored,
  };
}

/** A new class, with no one enrolled yet. */
export async function createClass(input: ClassInput & { id: string }): Promise<Class> {
  const stored: StoredClass = { ...input, enrolled: 0, waitlisted: 0, waitlistSeq: 0, waitlistOrder: {} };
  await dynamo.send(
    new PutCommand({ TableName: tableName, Item: classItem(stored), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
  return toClass(stored);
}

const editableFields = [
  'name',
  'description',
  'location',
  'instructor',
  'meetings',
  'capacity',
  'minGrade',
  'maxGrade',
  'status',
  'whatToBring',
] as const;

/** What an administrator's save sets and removes on the class item; the seat counts are the portal's. */
export interface ClassEdit {
  set: Record<string, unknown>;
  remove: string[];
}

/** The edit of a save, with the capacity the seat transaction gives the class now (see seats). */
export function classEdit(input: ClassInput, capacity: number): ClassEdit {
  const fields = { ...input, capacity };
  return {
    set: Object.fromEntries(
      editableFields.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]]),
    ),
    remove: editableFields.filter((field) => fields[field] === undefined),
  };
}

/** Deletes a class that nobody is enrolled or waitlisted in; false when somebody is (meanwhile). */
export async function deleteEmptyClass(id: string): Promise<boolean> {
  try {
    await dynamo.send(
      new DeleteCommand({
        TableName: tableName,
        Key: classKey(id),
        ConditionExpression: 'enrolled = :none AND waitlisted = :none',
        ExpressionAttributeValues: { ':none': 0 },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Closes an open class and, in the same transaction, asks the mailer to tell the families in it. */
export async function closeClass(id: string, now: string): Promise<void> {
  // Refused when the class is gone or closed already: then there is nothing to close or to tell.
  await transactWrite([
    {
      Update: {
        TableName: tableName,
        Key: classKey(id),
        UpdateExpression: 'SET #status = :closed, updatedAt = :now',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':closed': 'closed', ':open': 'open', ':now': now },
      },
    },
    { Put: { TableName: tableName, Item: mailRequestItem({ kind: 'classClosed', classId: id }, now) } },
  ]);
}
