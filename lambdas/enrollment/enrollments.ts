// Enrollments: one item per student and class, `CLASS#classId / ENROLLMENT#studentId`, in the class's
// partition, so the roster and the waitlist of a class are one strongly consistent query and a student
// can never hold two enrollments in one class. A pointer in the family's partition lists a family's
// enrollments consistently; GSI2 (`SEMESTER#id#ENROLLMENTS#<shard>`) lists a semester's for the reports.
import type { Answer, Enrollment, EnrollmentStatus } from '../contract/records';
import type { Actor } from '../platform/caller';
import { notFound } from '../contract/errors';
import { classEntity, type StoredClass } from '../catalogue/classes';
import { entity, optional, type StoredItem } from '../platform/entity';
import { partitions, SEMESTER_LIST_SHARDS } from '../platform/partitions';
import { readAnswers } from './questions';

export const enrollmentIdOf = (classId: string, studentId: string) => `${classId}~${studentId}`;

function parseEnrollmentId(id: string): { classId: string; studentId: string } {
  const [classId = '', studentId = ''] = id.split('~');
  return { classId, studentId };
}

export interface StoredEnrollment extends Enrollment {
  familyId: string;
  /** The classes of the group, kept so a group enrollment can be cancelled as a whole after the group changes. */
  groupClassIds?: string[];
  enrolledAt?: string;
  cancelledAt?: string;
  /** The family's answers to the questions of its semester and class (see questions.ts). */
  answers?: Answer[];
  /** When the family last changed its answers: a seat change planned from an older read is planned again. */
  answersSavedAt?: string;
  /**
   * A seat held while the child's move waits for one in this class (the waiting enrollment names this one's
   * class as `movingFrom`): one waiting move per seat. Left as it was when the move is given up; it counts only
   * while the waiting enrollment names this class.
   */
  movingTo?: string;
  /** The call that wrote this version: a retried call recognises its own earlier write. */
  requestToken: string;
  updatedAt: string;
}

export const isActive = (status: EnrollmentStatus) => status !== 'cancelled';

/** Whether the enrollment takes one of its class's seats: enrolled, or offered one (held for it). */
/** The waiting enrollment's move, when it still stands: the seat it keeps meanwhile is enrolled and waits for it. */
export const waitingMove = (
  entry: Pick<StoredEnrollment, 'status' | 'movingFrom' | 'classId'>,
  held: Pick<StoredEnrollment, 'status' | 'movingTo'> | undefined,
) =>
  entry.status === 'waitlisted' && !!entry.movingFrom && held?.status === 'enrolled' && held.movingTo === entry.classId;

export const holdsSeat = (entry: Pick<StoredEnrollment, 'status' | 'offerExpiresAt'>) =>
  entry.status === 'enrolled' || (entry.status === 'waitlisted' && entry.offerExpiresAt !== undefined);

/** An enrollment read from a stored item, or from a decision that holds it. */
export const readEnrollment = (item: StoredItem): StoredEnrollment => ({
  id: item.string('id'),
  studentId: item.string('studentId'),
  classId: item.string('classId'),
  ...optional('groupId', item.optionalString('groupId')),
  ...optional('groupClassIds', item.item.groupClassIds === undefined ? undefined : item.strings('groupClassIds')),
  semesterId: item.string('semesterId'),
  familyId: item.string('familyId'),
  status: item.oneOf('status', ['enrolled', 'waitlisted', 'cancelled']),
  createdAt: item.string('createdAt'),
  ...optional('enrolledAt', item.optionalString('enrolledAt')),
  ...optional('cancelledAt', item.optionalString('cancelledAt')),
  ...optional('offerExpiresAt', item.optionalString('offerExpiresAt')),
  ...optional('answers', item.item.answers === undefined ? undefined : readAnswers(item, 'answers')),
  ...optional('answersSavedAt', item.optionalString('answersSavedAt')),
  ...optional('movingFrom', item.optionalString('movingFrom')),
  ...optional('movingTo', item.optionalString('movingTo')),
  requestToken: item.string('requestToken'),
  updatedAt: item.string('updatedAt'),
});

/** An enrollment, in its class's partition; GSI2 lists a semester's. */
export const enrollmentEntity = entity<StoredEnrollment, Pick<StoredEnrollment, 'classId' | 'studentId'>, 'ofSemester'>(
  {
    type: 'enrollment',
    key: {
      partition: ({ classId }) => partitions.class(classId),
      sort: { prefix: 'ENROLLMENT#', of: ({ studentId }) => studentId },
    },
    lists: {
      ofSemester: {
        index: 'GSI2',
        partition: ({ semesterId }) => `SEMESTER#${semesterId}#ENROLLMENTS`,
        sort: { prefix: '', of: ({ classId, studentId }) => `${classId}#${studentId}` },
        shards: { count: SEMESTER_LIST_SHARDS, by: ({ classId, studentId }) => `${classId}#${studentId}` },
      },
    },
    read: readEnrollment,
  },
);

/** The family's pointer to one of its enrollments, in the family's partition. */
export interface FamilyEnrollment {
  enrollmentId: string;
  classId: string;
  studentId: string;
}

export const familyEnrollmentEntity = entity<FamilyEnrollment, { familyId: string; enrollmentId: string }>({
  type: 'familyEnrollment',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: { prefix: 'ENROLLMENT#', of: ({ enrollmentId }) => enrollmentId },
  },
  read: (item) => ({
    enrollmentId: item.string('enrollmentId'),
    classId: item.string('classId'),
    studentId: item.string('studentId'),
  }),
});

export const familyEnrollmentPointer = (stored: StoredEnrollment): FamilyEnrollment & { familyId: string } => ({
  familyId: stored.familyId,
  enrollmentId: stored.id,
  classId: stored.classId,
  studentId: stored.studentId,
});

export function toEnrollment(stored: StoredEnrollment, waitlistPosition?: number): Enrollment {
  const { id, studentId, classId, groupId, semesterId, status, offerExpiresAt, movingFrom, createdAt } = stored;
  return {
    id,
    studentId,
    classId,
    ...(groupId && { groupId }),
    semesterId,
    status,
    ...(waitlistPosition !== undefined && { waitlistPosition }),
    ...(offerExpiresAt && { offerExpiresAt }),
    ...(movingFrom && status === 'waitlisted' && { movingFrom }),
    createdAt,
  };
}

export interface ClassEnrollments {
  /** Every enrollment of the class, cancelled ones included. */
  all: StoredEnrollment[];
  /** The enrolled students, in the order they got their seats. */
  roster: StoredEnrollment[];
  /** The waitlist in order: position 1 first. */
  waitlist: StoredEnrollment[];
}

/** A class's enrollments, roster and waitlist, from one strongly consistent read of its partition. */
export async function classEnrollments(classId: string): Promise<ClassEnrollments> {
  const [all, cls] = await Promise.all([enrollmentEntity.inPartition({ classId }), classEntity.get({ id: classId })]);
  const order = cls?.waitlistOrder ?? {};
  const place = (entry: StoredEnrollment) => order[entry.studentId] ?? Number.MAX_SAFE_INTEGER;
  return {
    all,
    roster: all
      .filter((e) => e.status === 'enrolled')
      .sort((a, b) => (a.enrolledAt ?? '').localeCompare(b.enrolledAt ?? '')),
    waitlist: all
      .filter((e) => e.status === 'waitlisted')
      .sort((a, b) => place(a) - place(b) || a.createdAt.localeCompare(b.createdAt)),
  };
}

/** A waitlisted student's position (1..n): their place among the class's waiting students. */
export function waitlistPosition(cls: Pick<StoredClass, 'waitlistOrder'>, studentId: string): number | undefined {
  const order = cls.waitlistOrder ?? {};
  const mine = order[studentId];
  return mine === undefined ? undefined : Object.values(order).filter((place) => place < mine).length + 1;
}

/** Each waitlisted enrollment's position, by enrollment id, from its class as it is now. */
export async function waitlistPositions(
  waitlisted: Array<Pick<StoredEnrollment, 'id' | 'classId' | 'studentId'>>,
): Promise<Map<string, number>> {
  if (waitlisted.length === 0) return new Map();
  const stored = await classEntity.getMany(
    [...new Set(waitlisted.map((e) => e.classId))].map((id) => ({ id })),
    { consistent: true },
  );
  const byId = new Map(stored.map((cls) => [cls.id, cls]));
  return new Map(
    waitlisted.flatMap((e) => {
      const position = byId.has(e.classId) ? waitlistPosition(byId.get(e.classId)!, e.studentId) : undefined;
      return position === undefined ? [] : [[e.id, position] as const];
    }),
  );
}

function getEnrollment(classId: string, studentId: string): Promise<StoredEnrollment | undefined> {
  return enrollmentEntity.get({ classId, studentId });
}

/** The student's enrollments in the given classes, as they are now. */
export function enrollmentsOfStudent(studentId: string, classIds: string[]): Promise<StoredEnrollment[]> {
  return enrollmentEntity.getMany(
    classIds.map((classId) => ({ classId, studentId })),
    { consistent: true },
  );
}

/** Every enrollment a family holds or held. */
export async function enrollmentsOfFamily(familyId: string): Promise<StoredEnrollment[]> {
  const pointers = await familyEnrollmentEntity.inPartition({ familyId });
  return enrollmentEntity.getMany(pointers, { consistent: true });
}

/** The enrollment if it is the caller's family's (or the caller is an administrator); otherwise 404. */
export async function enrollmentForCaller(caller: Actor, id: string): Promise<StoredEnrollment> {
  const { classId, studentId } = parseEnrollmentId(id);
  const enrollment = await getEnrollment(classId, studentId);
  if (!enrollment || (enrollment.familyId !== caller.familyId && !caller.isAdmin))
    throw notFound('There is no such enrollment on your account.');
  return enrollment;
}

/** A semester's enrollments, a page at a time, in class order (GSI2). */
export async function semesterEnrollmentsPage(
  semesterId: string,
  limit: number,
  cursor?: string,
): Promise<{ enrollments: StoredEnrollment[]; next?: string }> {
  const page = await enrollmentEntity.page('ofSemester', { semesterId }, { limit, cursor });
  return { enrollments: page.items, ...(page.next && { next: page.next }) };
}
