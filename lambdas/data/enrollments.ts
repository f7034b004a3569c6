// Enrollments: one item per student and class, `CLASS#classId / ENROLLMENT#studentId`, in the class's
// partition, so the roster and the waitlist of a class are one strongly consistent query and a student
// can never hold two enrollments in one class. A pointer in the family's partition lists a family's
// enrollments consistently; GSI2 (`SEMESTER#id#ENROLLMENTS`) lists a semester's for the reports.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Enrollment, EnrollmentStatus } from '../records';
import type { Caller } from '../shared/caller';
import { batchGetAll, dynamo, queryAll, tableName, type Item } from '../shared/dynamo';
import { notFound } from '../shared/errors';
import { familyPartition } from './families';

export const enrollmentKey = (classId: string, studentId: string) => ({ PK: `CLASS#${classId}`, SK: `ENROLLMENT#${studentId}` });
export const familyEnrollmentKey = (familyId: string, enrollmentId: string) => ({ PK: familyPartition(familyId), SK: `ENROLLMENT#${enrollmentId}` });

export const enrollmentIdOf = (classId: string, studentId: string) => `${classId}~${studentId}`;

export function parseEnrollmentId(id: string): { classId: string; studentId: string } {
  const [classId = '', studentId = ''] = id.split('~');
  return { classId, studentId };
}

export interface StoredEnrollment extends Enrollment {
  familyId: string;
  /** Arrival order on the waitlist: the time the call reached the portal, then a random tie-break. */
  queuedAt: string;
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
  return { ...familyEnrollmentKey(stored.familyId, stored.id), type: 'familyEnrollment', enrollmentId: stored.id, classId: stored.classId, studentId: stored.studentId };
}

export function toEnrollment(stored: StoredEnrollment, waitlistPosition?: number): Enrollment {
  const { id, studentId, classId, groupId, semesterId, status, createdAt } = stored;
  return { id, studentId, classId, ...(groupId && { groupId }), semesterId, status, ...(waitlistPosition !== undefined && { waitlistPosition }), createdAt };
}

/** Every enrollment of a class, cancelled ones included. */
export async function enrollmentsOfClass(classId: string): Promise<StoredEnrollment[]> {
  return queryAll<StoredEnrollment>({
    KeyConditionExpression: 'PK = :class AND begins_with(SK, :enrollment)',
    ExpressionAttributeValues: { ':class': `CLASS#${classId}`, ':enrollment': 'ENROLLMENT#' },
    ConsistentRead: true,
  });
}

/** The class's enrolled students, in the order they got their seats. */
export function rosterOf(enrollments: StoredEnrollment[]): StoredEnrollment[] {
  return enrollments.filter((e) => e.status === 'enrolled').sort((a, b) => (a.enrolledAt ?? '').localeCompare(b.enrolledAt ?? ''));
}

/** The class's waitlist, in arrival order: position 1 first. */
export function waitlistOf(enrollments: StoredEnrollment[]): StoredEnrollment[] {
  return enrollments.filter((e) => e.status === 'waitlisted').sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** Each waitlisted student's position (1..n) in their class, by enrollment id. */
export async function waitlistPositions(classIds: string[]): Promise<Map<string, number>> {
  const lists = await Promise.all([...new Set(classIds)].map(async (classId) => waitlistOf(await enrollmentsOfClass(classId))));
  return new Map(lists.flatMap((waitlist) => waitlist.map((entry, index) => [entry.id, index + 1] as const)));
}

export async function getEnrollment(classId: string, studentId: string): Promise<StoredEnrollment | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: enrollmentKey(classId, studentId), ConsistentRead: true }));
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
  if (!enrollment || (enrollment.familyId !== caller.sub && !caller.isAdmin)) throw notFound('There is no such enrollment on your account.');
  return enrollment;
}
