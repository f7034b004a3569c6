// Students live in their family's partition (`FAMILY#sub / STUDENT#id`), so a family reads its own list
// strongly consistently; GSI1 (`STUDENT#id`) finds a student by id for administrators. The item counts
// the student's active enrollments, kept in step by the enrollment transactions, so a student who holds
// a seat or a waitlist place cannot be deleted, and the policy acceptances recorded for them, so the
// retention removal never deletes a child for whom one was recorded after it looked. Beside each student, a
// marker for their name and birth date (`STUDENT_NAME#hash`), written, moved and removed in the student's own
// transactions, so one child is on a family's list once however often "Add" is pressed.
import { createHash } from 'node:crypto';
import type { Student } from '../contract/records';
import type { FamilyCaller } from '../platform/caller';
import { notFound } from '../contract/errors';
import type { TransactItem } from '../platform/transact';
import { entity, optional } from '../platform/entity';
import { partitions } from '../platform/partitions';

export type StoredStudent = Student & {
  familyId: string;
  activeEnrollments?: number;
  /**
   * How many records that keep the child on file were written for it since this count began (policy acceptances,
   * lottery requests saved): it only grows, and the retention removal deletes the child only while it is as read.
   */
  keepingRecords?: number;
  createdAt: string;
  updatedAt: string;
};

export const studentEntity = entity<StoredStudent, Pick<StoredStudent, 'familyId' | 'id'>, 'byId'>({
  type: 'student',
  key: { partition: ({ familyId }) => partitions.family(familyId), sort: { prefix: 'STUDENT#', of: ({ id }) => id } },
  lists: { byId: { index: 'GSI1', partition: ({ id }) => `STUDENT#${id}`, sort: 'STUDENT' } },
  read: (item) => ({
    id: item.string('id'),
    familyId: item.string('familyId'),
    firstName: item.string('firstName'),
    lastName: item.string('lastName'),
    birthDate: item.string('birthDate'),
    tshirtSize: item.string('tshirtSize'),
    emergencyContacts: item.list('emergencyContacts', (contact) => ({
      name: contact.string('name'),
      phone: contact.string('phone'),
      ...optional('relationship', contact.optionalString('relationship')),
    })),
    ...optional('grade', item.optionalNumber('grade')),
    ...optional('school', item.optionalString('school')),
    ...optional('allergies', item.optionalString('allergies')),
    ...optional('medications', item.optionalString('medications')),
    ...optional('medicalNotes', item.optionalString('medicalNotes')),
    ...optional('photoConsent', item.item.photoConsent === undefined ? undefined : item.boolean('photoConsent')),
    pickupAdults: item.list('pickupAdults', (adult) => ({
      name: adult.string('name'),
      relationship: adult.string('relationship'),
      phone: adult.string('phone'),
    })),
    ...optional('detailsConfirmedAt', item.optionalString('detailsConfirmedAt')),
    ...optional('activeEnrollments', item.optionalNumber('activeEnrollments')),
    ...optional('keepingRecords', item.optionalNumber('keepingRecords')),
    createdAt: item.string('createdAt'),
    updatedAt: item.string('updatedAt'),
  }),
});

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
  'pickupAdults',
] as const satisfies ReadonlyArray<keyof Student>;

/** The record as the wire contract has it. */
export function toStudent({
  familyId: _family,
  activeEnrollments: _active,
  keepingRecords: _accepted,
  createdAt: _created,
  updatedAt: _updated,
  ...student
}: StoredStudent): Student {
  return student;
}

export const studentName = (student: Pick<Student, 'firstName' | 'lastName'>) =>
  `${student.firstName} ${student.lastName}`;

export async function studentsOfFamily(familyId: string): Promise<StoredStudent[]> {
  return (await studentEntity.inPartition({ familyId })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function getStudent(familyId: string, id: string): Promise<StoredStudent | undefined> {
  return studentEntity.get({ familyId, id });
}

/** Any family's student, for administrators. */
async function findStudent(id: string): Promise<StoredStudent | undefined> {
  const [match] = await studentEntity.inList('byId', { id });
  // The index may lag a write by a moment: read the item itself.
  return match && getStudent(match.familyId, match.id);
}

/** A student written as is, without the family's count or name marker (the large demo seed). */
export async function createStudent(stored: StoredStudent): Promise<void> {
  await studentEntity.put(stored, { ifNew: true });
}

type ChildIdentity = Pick<Student, 'firstName' | 'lastName' | 'birthDate'>;

const normalized = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * A child's name and birth date in a family, held by one student: the same child however the name is
 * spaced or cased. Its key: the family, and the hash of the child's normalized name and birth date.
 */
export const nameMarkerEntity = entity<{ studentId: string }, { familyId: string; identity: string }>({
  type: 'studentName',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: { prefix: 'STUDENT_NAME#', of: ({ identity }) => identity },
  },
  read: (item) => ({ studentId: item.string('studentId') }),
});

/** The marker's identity of a child: their normalized name and birth date. */
export function childIdentity(child: ChildIdentity): string {
  return createHash('sha256')
    .update(JSON.stringify([normalized(child.firstName), normalized(child.lastName), child.birthDate]))
    .digest('hex');
}

/** Claims a child's name and birth date for a student of the family: refused while another student holds them. */
export function nameMarkerPut(stored: Pick<StoredStudent, 'familyId' | 'id'> & ChildIdentity): TransactItem {
  return nameMarkerEntity.putItem(
    { familyId: stored.familyId, identity: childIdentity(stored), studentId: stored.id },
    { ifNew: true },
  );
}

export function nameMarkerDelete(familyId: string, child: ChildIdentity): TransactItem {
  return nameMarkerEntity.deleteItem({ familyId, identity: childIdentity(child) });
}

/** A new student, in a transaction with its name marker and the family's count. */
export function studentPut(stored: StoredStudent): TransactItem {
  return studentEntity.putItem(stored, { ifNew: true });
}

/**
 * Changes a student's details, leaving the enrollment count to the enrollment transactions, while the
 * name and birth date are still those read (their marker moves in the same transaction).
 */
export function studentUpdate(familyId: string, student: Student, seen: ChildIdentity, now: string): TransactItem {
  const { id, ...details } = student;
  return studentEntity.updateItem(
    { familyId, id },
    {
      set: {
        ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
        updatedAt: now,
      },
      remove: studentFields.filter((field) => field !== 'id' && student[field] === undefined),
      names: { '#firstName': 'firstName', '#lastName': 'lastName', '#birthDate': 'birthDate' },
      values: { ':seenFirstName': seen.firstName, ':seenLastName': seen.lastName, ':seenBirthDate': seen.birthDate },
      condition:
        'attribute_exists(PK) AND #firstName = :seenFirstName AND #lastName = :seenLastName AND #birthDate = :seenBirthDate',
    },
  );
}

/**
 * The family says the student's details are still right, as they are now: only the moment changes (the
 * student must still be there, and the account not being deleted: the family's change item checks it).
 */
export function studentDetailsConfirmed(familyId: string, id: string, now: string): TransactItem {
  return studentEntity.updateItem(
    { familyId, id },
    { set: { detailsConfirmedAt: now }, condition: 'attribute_exists(PK)' },
  );
}

/** `count` records that keep the student on file written for it (see keepingRecords); the student must be on file. */
export function keepingRecordsItem(familyId: string, id: string, count: number): TransactItem {
  return studentEntity.updateItem(
    { familyId, id },
    { add: { keepingRecords: count }, condition: 'attribute_exists(PK)' },
  );
}

const inactive = 'attribute_exists(PK) AND (attribute_not_exists(activeEnrollments) OR activeEnrollments = :none)';

/** Deletes a student unless they hold an active enrollment (the item comes back when they do). */
export function studentDeleteIfInactive(familyId: string, id: string): TransactItem {
  return studentEntity.deleteItem({ familyId, id }, { condition: inactive, values: { ':none': 0 } });
}

/**
 * Deletes the student as `seen`, unless they hold an active enrollment or a policy acceptance was recorded
 * for them since (the retention removal, which read what the child has after it read the student).
 */
export function studentDeleteIfUntouched(
  familyId: string,
  seen: Pick<StoredStudent, 'id' | 'keepingRecords'>,
): TransactItem {
  return studentEntity.deleteItem(
    { familyId, id: seen.id },
    seen.keepingRecords === undefined
      ? { condition: `${inactive} AND attribute_not_exists(keepingRecords)`, values: { ':none': 0 } }
      : {
          condition: `${inactive} AND keepingRecords = :seen`,
          values: { ':none': 0, ':seen': seen.keepingRecords },
        },
  );
}

/** The caller's own student, or for an administrator any family's; otherwise 404. */
export async function studentForCaller(caller: FamilyCaller, id: string): Promise<StoredStudent> {
  const student = (await getStudent(caller.familyId, id)) ?? (caller.isAdmin ? await findStudent(id) : undefined);
  if (!student) throw notFound('There is no such student on your account.');
  return student;
}

/** Students of any families, by student id (for administrators' lists). */
export async function studentsByKey(
  keys: Array<{ familyId: string; studentId: string }>,
): Promise<Map<string, StoredStudent>> {
  const found = await studentEntity.getMany(keys.map(({ familyId, studentId }) => ({ familyId, id: studentId })));
  return new Map(found.map((student) => [student.id, student]));
}
