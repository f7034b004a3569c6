// Semesters: `SEMESTER#id / SEMESTER`, listed through GSI1 under `SEMESTERS`, ordered by start date.
import { waitlistModes, type Semester } from '../contract/records';
import { notFound } from '../contract/errors';
import { RecentReads } from '../platform/recentReads';
import { entity, optional } from '../platform/entity';
import { partitions } from '../platform/partitions';

/** A semester as stored: the record, and when an administrator last saved it. */
export type StoredSemester = Semester & { updatedAt?: string };

export const semesterEntity = entity<StoredSemester, Pick<Semester, 'id'>, 'all'>({
  type: 'semester',
  key: { partition: ({ id }) => partitions.semester(id), sort: 'SEMESTER' },
  lists: {
    all: { index: 'GSI1', partition: () => 'SEMESTERS', sort: { prefix: '', of: (s) => `${s.startDate}#${s.id}` } },
  },
  read: (item) => ({
    id: item.string('id'),
    name: item.string('name'),
    startDate: item.string('startDate'),
    endDate: item.string('endDate'),
    current: item.boolean('current'),
    ...optional('registrationOpens', item.optionalString('registrationOpens')),
    ...optional('registrationCloses', item.optionalString('registrationCloses')),
    ...optional('changesClose', item.optionalString('changesClose')),
    ...optional(
      'waitlistMode',
      item.item.waitlistMode === undefined ? undefined : item.oneOf('waitlistMode', waitlistModes),
    ),
    ...optional('offerHours', item.optionalNumber('offerHours')),
    ...optional('updatedAt', item.optionalString('updatedAt')),
  }),
});

/** The record as the wire contract has it. */
function toSemester({ updatedAt: _updatedAt, ...semester }: StoredSemester): Semester {
  return semester;
}

/** Every semester, newest first. */
export async function listSemesters(): Promise<Semester[]> {
  return (await semesterEntity.inList('all', {}, { newestFirst: true })).map(toSemester);
}

/** The semesters not ended on `now`'s day (UTC), newest first. */
export async function semestersNotEnded(now = new Date()): Promise<Semester[]> {
  const today = now.toISOString().slice(0, 10);
  return (await listSemesters()).filter((semester) => semester.endDate >= today);
}

export async function getSemester(id: string): Promise<Semester | undefined> {
  const semester = await semesterEntity.get({ id });
  return semester && toSemester(semester);
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

export async function putSemester(semester: Semester): Promise<void> {
  await semesterEntity.put(semester);
}

/** Why families may not enroll at `now`, in their words, its moments written by `when` (the programme's clock). */
export function registrationWindowMessage(semester: Semester, now: Date, when: (iso: string) => string): string {
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
