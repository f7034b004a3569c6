// Semesters: `SEMESTER#id / SEMESTER`, listed through GSI1 under `SEMESTERS`, ordered by start date.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Semester } from '../records';
import { notFound } from '../shared/errors';
import { dynamo, queryAll, tableName, type Item } from '../shared/dynamo';
import { RecentReads } from '../shared/recentReads';

export const semesterKey = (id: string) => ({ PK: `SEMESTER#${id}`, SK: 'SEMESTER' });
const SEMESTER_LIST = 'SEMESTERS';

export function toSemester(item: Item): Semester {
  const { id, name, startDate, endDate, current, registrationOpens, registrationCloses } = item as unknown as Semester;
  return {
    id,
    name,
    startDate,
    endDate,
    current: current === true,
    ...(registrationOpens && { registrationOpens }),
    ...(registrationCloses && { registrationCloses }),
  };
}

/** Every semester, newest first. */
export async function listSemesters(): Promise<Semester[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': SEMESTER_LIST },
    ScanIndexForward: false,
  });
  return items.map(toSemester);
}

export async function getSemester(id: string): Promise<Semester | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: semesterKey(id), ConsistentRead: true }),
  );
  return Item && toSemester(Item);
}

const recent = new RecentReads<Semester>({
  ttlMs: 30_000,
  read: async ([id]) => {
    const semester = await getSemester(id!);
    return new Map(semester ? [[id!, semester]] : []);
  },
});

/**
 * A semester as read in the last 30 seconds by this function instance: what a registration rush checks
 * on every call changes a few times a year, so it is not read on every call.
 */
export async function recentSemester(id: string, now = Date.now()): Promise<Semester | undefined> {
  return (await recent.get([id], now)).get(id);
}

export async function currentSemester(): Promise<Semester | undefined> {
  return (await listSemesters()).find((semester) => semester.current);
}

export function semesterItem(semester: Semester): Item {
  return {
    ...semesterKey(semester.id),
    GSI1PK: SEMESTER_LIST,
    GSI1SK: `${semester.startDate}#${semester.id}`,
    type: 'semester',
    ...semester,
  };
}

export async function putSemester(semester: Semester): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName, Item: semesterItem(semester) }));
}

/**
 * Whether families may enroll now. The window is `registrationOpens` (inclusive) to `registrationCloses`
 * (exclusive); a semester with neither date is open while it is the current one.
 */
export function isRegistrationOpen(semester: Semester, now = new Date()): boolean {
  const { registrationOpens, registrationCloses } = semester;
  if (!registrationOpens && !registrationCloses) return semester.current;
  if (registrationOpens && now.getTime() < Date.parse(registrationOpens)) return false;
  if (registrationCloses && now.getTime() >= Date.parse(registrationCloses)) return false;
  return true;
}

const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** Why families may not enroll at `now`, in their words. */
export function registrationWindowMessage(semester: Semester, now = new Date()): string {
  if (semester.registrationOpens && now.getTime() < Date.parse(semester.registrationOpens)) {
    return `Registration for ${semester.name} opens on ${when(semester.registrationOpens)}.`;
  }
  if (semester.registrationCloses && now.getTime() >= Date.parse(semester.registrationCloses)) {
    return `Registration for ${semester.name} closed on ${when(semester.registrationCloses)}.`;
  }
  return `Registration for ${semester.name} is not open.`;
}

/** The semester asked for, or the current one; 404 when there is none. */
export async function semesterOrCurrent(id?: string): Promise<Semester> {
  const semester = id ? await getSemester(id) : await currentSemester();
  if (!semester)
    throw notFound(id ? 'There is no such semester.' : 'No semester is current yet: create one and make it current.');
  return semester;
}
