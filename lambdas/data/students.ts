// Students live in their family's partition (`FAMILY#sub / STUDENT#id`), so a family reads its own list
// strongly consistently; GSI1 (`STUDENT#id`) finds a student by id for administrators. The item counts
// the student's active enrollments, kept in step by the enrollment transactions, so a student who holds
// a seat or a waitlist place cannot be deleted. Beside each student, a marker for their name and birth
// date (`STUDENT_NAME#hash`), written, moved and removed in the student's own transactions, so one child
// is on a family's list once however often "Add" is pressed.
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { Student } from '../records';
import type { Caller } from '../shared/caller';
import { batchGetAll, dynamo, queryAll, setAndRemove, tableName, type Item } from '../shared/dynamo';
import { notFound } from '../shared/errors';
import type { TransactItem } from '../shared/transact';
import { familyPartition } from './families';

export const studentKey = (familyId: string, id: string) => ({ PK: familyPartition(familyId), SK: `STUDENT#${id}` });

export type StoredStudent = Student & {
  familyId: string;
  activeEnrollments?: number;
  createdAt: string;
  updatedAt: string;
};

const studentFields = [
  'id',
  'firstName',
  'lastName',
  'birthDate',
  'tshirtSize',
  'emergencyContacts',
  'grade',
  'school',
  'allergies',
  'medications',
  'medicalNotes',
  'photoConsent',
] as const satisfies ReadonlyArray<keyof Student>;

export function toStudent(stored: StoredStudent): Student {
  return Object.fromEntries(
    studentFields.filter((field) => stored[field] !== undefined).map((field) => [field, stored[field]]),
  ) as Student;
}

export const studentName = (student: Pick<Student, 'firstName' | 'lastName'>) =>
  `${student.firstName} ${student.lastName}`;

export async function studentsOfFamily(familyId: string): Promise<StoredStudent[]> {
  const students = await queryAll<StoredStudent>({
    KeyConditionExpression: 'PK = :family AND begins_with(SK, :student)',
    ExpressionAttributeValues: { ':family': familyPartition(familyId), ':student': 'STUDENT#' },
    ConsistentRead: true,
  });
  return students.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getStudent(familyId: string, id: string): Promise<StoredStudent | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: studentKey(familyId, id), ConsistentRead: true }),
  );
  return Item as StoredStudent | undefined;
}

/** Any family's student, for administrators. */
export async function findStudent(id: string): Promise<StoredStudent | undefined> {
  const { Items } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :student',
      ExpressionAttributeValues: { ':student': `STUDENT#${id}` },
    }),
  );
  const match = Items?.[0] as StoredStudent | undefined;
  // The index may lag a write by a moment: read the item itself.
  return match && getStudent(match.familyId, match.id);
}

function studentItem(stored: StoredStudent): Item {
  return {
    ...studentKey(stored.familyId, stored.id),
    GSI1PK: `STUDENT#${stored.id}`,
    GSI1SK: 'STUDENT',
    type: 'student',
    ...stored,
  };
}

/** A student written as is, without the family's count or name marker (the large demo seed). */
export async function createStudent(stored: StoredStudent): Promise<void> {
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: studentItem(stored),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

type ChildIdentity = Pick<Student, 'firstName' | 'lastName' | 'birthDate'>;

const normalized = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** The marker of a child's name and birth date in a family: the same child however the name is spaced or cased. */
export function nameMarkerKey(familyId: string, child: ChildIdentity) {
  const identity = createHash('sha256')
    .update(JSON.stringify([normalized(child.firstName), normalized(child.lastName), child.birthDate]))
    .digest('hex');
  return { PK: familyPartition(familyId), SK: `STUDENT_NAME#${identity}` };
}

/** Claims a child's name and birth date for a student of the family: refused while another student holds them. */
export function nameMarkerPut(stored: Pick<StoredStudent, 'familyId' | 'id'> & ChildIdentity): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...nameMarkerKey(stored.familyId, stored), type: 'studentName', studentId: stored.id },
      ConditionExpression: 'attribute_not_exists(PK)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

export function nameMarkerDelete(familyId: string, child: ChildIdentity): TransactItem {
  return { Delete: { TableName: tableName, Key: nameMarkerKey(familyId, child) } };
}

/** A new student, in a transaction with its name marker and the family's count. */
export function studentPut(stored: StoredStudent): TransactItem {
  return { Put: { TableName: tableName, Item: studentItem(stored), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/**
 * Changes a student's details, leaving the enrollment count to the enrollment transactions, while the
 * name and birth date are still those read (their marker moves in the same transaction).
 */
export function studentUpdate(familyId: string, student: Student, seen: ChildIdentity, now: string): TransactItem {
  const set = studentFields.filter((field) => field !== 'id' && student[field] !== undefined);
  const remove = studentFields.filter((field) => field !== 'id' && student[field] === undefined);
  const names = Object.fromEntries(
    [...set, ...remove, 'firstName', 'lastName', 'birthDate'].map((field) => [`#${field}`, field]),
  );
  const values = Object.fromEntries(set.map((field) => [`:${field}`, student[field]]));
  return {
    Update: {
      TableName: tableName,
      Key: studentKey(familyId, student.id),
      UpdateExpression: setAndRemove(
        [...set.map((field) => `#${field} = :${field}`), 'updatedAt = :now'],
        remove.map((field) => `#${field}`),
      ),
      ConditionExpression:
        'attribute_exists(PK) AND #firstName = :seenFirstName AND #lastName = :seenLastName AND #birthDate = :seenBirthDate',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ...values,
        ':now': now,
        ':seenFirstName': seen.firstName,
        ':seenLastName': seen.lastName,
        ':seenBirthDate': seen.birthDate,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** Deletes a student unless they hold an active enrollment (the item comes back when they do). */
export function studentDeleteIfInactive(familyId: string, id: string): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: studentKey(familyId, id),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(activeEnrollments) OR activeEnrollments = :none)',
      ExpressionAttributeValues: { ':none': 0 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** The caller's own student, or for an administrator any family's; otherwise 404. */
export async function studentForCaller(caller: Caller, id: string): Promise<StoredStudent> {
  const student = (await getStudent(caller.sub, id)) ?? (caller.isAdmin ? await findStudent(id) : undefined);
  if (!student) throw notFound('There is no such student on your account.');
  return student;
}

/** Students of any families, by student id (for administrators' lists). */
export async function studentsByKey(
  keys: Array<{ familyId: string; studentId: string }>,
): Promise<Map<string, StoredStudent>> {
  const students = await batchGetAll<StoredStudent>(keys.map((key) => studentKey(key.familyId, key.studentId)));
  return new Map(students.map((student) => [student.id, student]));
}
