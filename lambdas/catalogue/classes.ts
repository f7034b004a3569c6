// Classes: `CLASS#id / CLASS`, holding the seat counts; a semester's classes through GSI1
// (`SEMESTER#id#<shard>`, `CLASS#id`). The class's enrollments share its partition (see enrollments).
import { givenSpanish, type Class, type ClassInput } from '../contract/records';
import { RecentReads } from '../platform/recentReads';
import { transactWrite } from '../platform/transact';
import { entity, optional } from '../platform/entity';
import { mailRequestPut } from '../platform/mailRequests';
import { partitions, SEMESTER_LIST_SHARDS } from '../platform/partitions';

/**
 * The stored class: what an administrator saved, the portal's seat counts, and the waitlist's order:
 * each waitlisted student's place in line, numbered by the class's join counter in the very transaction
 * that put them on the waitlist, so the line is the order in which joins committed.
 */
export type StoredClass = Omit<Class, 'seatsLeft'> & {
  waitlistSeq: number;
  waitlistOrder: Record<string, number>;
  /** The line its enrollment requests wait in (see lines.ts); absent: its own. */
  line?: string;
  updatedAt?: string;
};

export const classEntity = entity<StoredClass, Pick<Class, 'id'>, 'ofSemester'>({
  type: 'class',
  key: { partition: ({ id }) => partitions.class(id), sort: 'CLASS' },
  lists: {
    ofSemester: {
      index: 'GSI1',
      partition: (c) => partitions.semester(c.semesterId),
      sort: { prefix: 'CLASS#', of: (c) => c.id },
      // Every seat transaction rewrites its class, and so its entry on this list.
      shards: { count: SEMESTER_LIST_SHARDS, by: (c) => c.id },
    },
  },
  read: (item) => ({
    id: item.string('id'),
    semesterId: item.string('semesterId'),
    name: item.string('name'),
    description: item.optionalString('description') ?? '',
    location: item.optionalString('location') ?? '',
    instructor: item.optionalString('instructor') ?? '',
    meetings: item.list('meetings', (meeting) => ({
      date: meeting.string('date'),
      start: meeting.string('start'),
      end: meeting.string('end'),
      ...optional('cancelled', meeting.item.cancelled === undefined ? undefined : meeting.boolean('cancelled')),
      ...optional('cancelNote', meeting.optionalString('cancelNote') || undefined),
      ...optional('es', meeting.spanish(['cancelNote'])),
    })),
    capacity: item.number('capacity', 0),
    enrolled: item.number('enrolled', 0),
    waitlisted: item.number('waitlisted', 0),
    ...optional('minGrade', item.optionalNumber('minGrade')),
    ...optional('maxGrade', item.optionalNumber('maxGrade')),
    status: item.oneOf('status', ['open', 'closed'], 'open'),
    ...optional('whatToBring', item.optionalString('whatToBring') || undefined),
    ...optional('es', item.spanish(['description', 'whatToBring'])),
    waitlistSeq: item.number('waitlistSeq', 0),
    waitlistOrder: item.numbers('waitlistOrder'),
    ...optional('line', item.optionalString('line')),
    ...optional('updatedAt', item.optionalString('updatedAt')),
  }),
});

/** The line a class's enrollment requests wait in (see lines.ts). */
const lineOf = (stored: Pick<StoredClass, 'id' | 'line'>): string => stored.line ?? stored.id;

/** The record as the wire contract has it. */
export function toClass({
  waitlistSeq: _seq,
  waitlistOrder: _order,
  line: _line,
  updatedAt: _at,
  ...cls
}: StoredClass): Class {
  return { ...cls, seatsLeft: Math.max(0, cls.capacity - cls.enrolled) };
}

/** Classes in the order a family reads a programme: by first meeting, then by name. */
export function byFirstMeeting(a: Class, b: Class): number {
  const first = (c: Class) => (c.meetings[0] ? `${c.meetings[0].date}T${c.meetings[0].start}` : '9999');
  return first(a).localeCompare(first(b)) || a.name.localeCompare(b.name);
}

export async function classesOfSemester(semesterId: string): Promise<Class[]> {
  return (await classEntity.inList('ofSemester', { semesterId })).map(toClass).sort(byFirstMeeting);
}

/** Semesters whose class lists are read at once: each list is a query per shard. */
const SEMESTERS_AT_ONCE = 4;

/**
 * The classes of several semesters, a few semesters at a time: a calendar over many semesters must not send
 * a query per shard of every one at once (a table that answers none of them in time answers the reader 429).
 */
export async function classesOfSemesters(semesterIds: string[]): Promise<Class[]> {
  const classes: Class[] = [];
  for (let next = 0; next < semesterIds.length; next += SEMESTERS_AT_ONCE) {
    const chunk = semesterIds.slice(next, next + SEMESTERS_AT_ONCE);
    classes.push(...(await Promise.all(chunk.map(classesOfSemester))).flat());
  }
  return classes;
}

/** The line of each class of a semester, by class id. */
export async function semesterClassLines(semesterId: string): Promise<Map<string, string>> {
  return new Map((await classEntity.inList('ofSemester', { semesterId })).map((cls) => [cls.id, lineOf(cls)]));
}

/** Sets a class's line (a class deleted meanwhile has none to keep). */
export async function setClassLine(id: string, line: string): Promise<void> {
  await classEntity.updateIfThere({ id }, { set: { line } });
}

export async function getClasses(ids: string[], consistent = false): Promise<Class[]> {
  return (
    await classEntity.getMany(
      ids.map((id) => ({ id })),
      { consistent },
    )
  ).map(toClass);
}

/** One class as stored now, with its waitlist order. */
export function getStoredClass(id: string): Promise<StoredClass | undefined> {
  return classEntity.get({ id });
}

/** A class with the line its enrollment requests wait in. */
export type LinedClass = Class & { line: string };

const recent = new RecentReads<LinedClass>({
  ttlMs: 30_000,
  read: async (ids) => {
    const stored = await classEntity.getMany(
      ids.map((id) => ({ id })),
      { consistent: true },
    );
    return new Map(stored.map((cls) => [cls.id, { ...toClass(cls), line: lineOf(cls) }]));
  },
  keep: (cls) => cls.status === 'open',
});

/**
 * Classes as this function instance saw them in the last 30 seconds, read when not (only open ones are
 * remembered: one seen closed may have just reopened): to plan an enrollment, whose transaction then checks
 * seats and status against the class as it is.
 */
export function recentClasses(ids: string[], now = Date.now()): Promise<Map<string, LinedClass>> {
  return recent.get(ids, now);
}

/** The classes as they are now (strongly consistent), by id; absent ones are missing from the map. */
export async function classesNow(ids: string[]): Promise<Map<string, Class>> {
  return new Map((await getClasses(ids, true)).map((cls) => [cls.id, cls]));
}

/** A new class, with no one enrolled yet. */
export async function createClass(input: ClassInput & { id: string }): Promise<Class> {
  const { es: given, ...english } = input;
  const es = givenSpanish(given);
  const stored: StoredClass = {
    ...english,
    ...optional('es', es),
    enrolled: 0,
    waitlisted: 0,
    waitlistSeq: 0,
    waitlistOrder: {},
  };
  await classEntity.put(stored, { ifNew: true });
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
  'es',
] as const;

/** What an administrator's save sets and removes on the class item; the seat counts are the portal's. */
export interface ClassEdit {
  set: Record<string, unknown>;
  remove: string[];
}

/** The edit of a save (a capacity raise made in steps sets a lower capacity first, see seatPlan/saveClass.ts). */
export function classEdit(given: ClassInput): ClassEdit {
  // Spanish left empty is none: the family reads the English.
  const input = { ...given, es: givenSpanish(given.es) };
  return {
    set: Object.fromEntries(
      editableFields.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
    ),
    remove: editableFields.filter((field) => input[field] === undefined),
  };
}

/** Deletes a class that nobody is enrolled or waitlisted in; false when somebody is (meanwhile). */
export function deleteEmptyClass(id: string): Promise<boolean> {
  return classEntity.delete({ id }, { condition: 'enrolled = :none AND waitlisted = :none', values: { ':none': 0 } });
}

/** Closes an open class and, in the same transaction, asks the mailer to tell the families in it. */
export async function closeClass(id: string, now: string): Promise<void> {
  // Refused when the class is gone or closed already: then there is nothing to close or to tell.
  await transactWrite([
    classEntity.updateItem(
      { id },
      {
        set: { status: 'closed', updatedAt: now },
        names: { '#status': 'status' },
        values: { ':open': 'open' },
        condition: '#status = :open',
      },
    ),
    mailRequestPut({ kind: 'classClosed', classId: id }, now),
  ]);
}
