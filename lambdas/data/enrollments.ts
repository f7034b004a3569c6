// Enrollments: one item per student and class, `CLASS#classId / ENROLLMENT#studentId`, in the class's
// partition, so the roster and the waitlist of a class are one strongly consistent query and a student
// can never hold two enrollments in one class. A pointer in the family's partition lists a family's
// enrollments consistently; GSI2 (`SEMESTER#id#ENROLLMENTS`) lists a semester's for the reports.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Enrollment, EnrollmentStatus } from '../records';
import type { Caller } from '../shared/caller';
import { batchGetAll, dynamo, queryAll, tableName, type Item } from '../shared/dynamo';
import { indexPage } from '../shared/cursor';
import { notFound } from '../shared/errors';
import type { StoredClass } from './classes';
import { familyPartition } from './families';

export const enrollmentKey = (classId: string, studentId: string) => ({
  PK: `CLASS#${classId}`,
  SK: `ENROLLMENT#${studentId}`,
});
export const familyEnrollmentKey = (familyId: string, enrollmentId: string) => ({
  PK: familyPartition(familyId),
  SK: `ENROLLMENT#${enrollmentId}`,
});

export const enrollmentIdOf = (classId: string, studentId: string) => `${classId}~${studentId}`;

export function parseEnrollmentId(id: string): { classId: string; studentId: string } {
  const [classId = '', studentId = ''] = id.split('~');
  return { classId, studentId };
}

export interface StoredEnrollment extends Enrollment {
  familyId: string;
  /** The classes of the group, kept so a group enrollment can be cancelled as a whole after the group changes. */
  groupClassIds?: string[];
  enrolledAt?: string;
  cancelledAt?: string;
  /** The call that wrote this version: a retried call recognises its own earlier write. */
  requestToken: string;
  updatedAt: string;
}

export const isActive = (status: EnrollmentStatus) => status !== 'cancelled';

export function enrollmentItem(stored: StoredEnrollment): Item {
  return {
    ...enrollmentKey(stored.classId, stored.studentId),
    GSI2PK: `SEMESTER#${stored.semesterId}#ENROLLMENTS`,
    GSI2SK: `${stored.classId}#${stored.studentId}`,
    type: 'enrollment',
    ...stored,
  };
}

export function familyEnrollmentItem(stored: StoredEnrollment): Item {
  return {
    ...familyEnrollmentKey(stored.familyId, stored.id),
    type: 'familyEnrollment',
    enrollmentId: stored.id,
    classId: stored.classId,
    studentId: stored.studentId,
  };
}

export function toEnrollment(stored: StoredEnrollment, waitlistPosition?: number): Enrollment {
  const { id, studentId, classId, groupId, semesterId, status, createdAt } = stored;
  return {
    id,
    studentId,
    classId,
    ...(groupId && { groupId }),
    semesterId,
    status,
    ...(waitlistPosition !== undefined && { waitlistPosition }),
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
  const items = await queryAll<Item>({
    KeyConditionExpression: 'PK = :class',
    ExpressionAttributeValues: { ':class': `CLASS#${classId}` },
    ConsistentRead: true,
  });
  const order = ((items.find((item) => item.SK === 'CLASS') as StoredClass | undefined)?.waitlistOrder ?? {}) as Record<
    string,
    number
  >;
  const all = items.filter((item) => item.type === 'enrollment') as unknown as StoredEnrollment[];
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
  const classes = new Map(
    (
      await batchGetAll<StoredClass>(
        [...new Set(waitlisted.map((e) => e.classId))].map((classId) => ({ PK: `CLASS#${classId}`, SK: 'CLASS' })),
        { ConsistentRead: true },
      )
    ).map((cls) => [cls.id, cls]),
  );
  return new Map(
    waitlisted.flatMap((e) => {
      const position = classes.has(e.classId) ? waitlistPosition(classes.get(e.classId)!, e.studentId) : undefined;
      return position === undefined ? [] : [[e.id, position] as const];
    }),
  );
}

export async function getEnrollment(classId: string, studentId: string): Promise<StoredEnrollment | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: enrollmentKey(classId, studentId), ConsistentRead: true }),
  );
  return Item as StoredEnrollment | undefined;
}

/** The student's enrollments in the given classes, as they are now. */
export async function enrollmentsOfStudent(studentId: string, classIds: string[]): Promise<StoredEnrollment[]> {
  return batchGetAll<StoredEnrollment>(
    classIds.map((classId) => enrollmentKey(classId, studentId)),
    { ConsistentRead: true },
  );
}

/** Every enrollment a family holds or held. */
export async function enrollmentsOfFamily(familyId: string): Promise<StoredEnrollment[]> {
  const pointers = await queryAll({
    KeyConditionExpression: 'PK = :family AND begins_with(SK, :enrollment)',
    ExpressionAttributeValues: { ':family': familyPartition(familyId), ':enrollment': 'ENROLLMENT#' },
    ConsistentRead: true,
  });
  const keys = pointers.map((pointer) => enrollmentKey(String(pointer.classId), String(pointer.studentId)));
  return batchGetAll<StoredEnrollment>(keys, { ConsistentRead: true });
}

/** The enrollment if it is the caller's family's (or the caller is an administrator); otherwise 404. */
export async function enrollmentForCaller(caller: Caller, id: string): Promise<StoredEnrollment> {
  const { classId, studentId } = parseEnrollmentId(id);
  const enrollment = await getEnrollment(classId, studentId);
  if (!enrollment || (enrollment.familyId !== caller.sub && !caller.isAdmin))
    throw notFound('There is no such enrollment on your account.');
  return enrollment;
}

/** A semester's enrollments, a page at a time, in class order (GSI2). */
export async function semesterEnrollmentsPage(
  semesterId: string,
  limit: number,
  cursor?: string,
): Promise<{ enrollments: StoredEnrollment[]; next?: string }> {
  const page = await indexPage<StoredEnrollment>({
    index: 'GSI2',
    partition: `SEMESTER#${semesterId}#ENROLLMENTS`,
    limit,
    cursor,
  });
  return { enrollments: page.items, ...(page.next && { next: page.next }) };
}
