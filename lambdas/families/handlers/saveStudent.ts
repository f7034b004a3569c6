import { randomUUID } from 'node:crypto';
import {
  accountDeleted,
  familyChangeItem,
  getProfile,
  profileEntity,
  studentCount,
  type FamilyChange,
  type StoredProfile,
} from '../families';
import { optional } from '../../platform/entity';
import { readTshirtSizes } from '../../catalogue/settings';
import {
  nameMarkerDelete,
  childIdentity,
  nameMarkerEntity,
  nameMarkerPut,
  studentForCaller,
  studentName,
  studentPut,
  studentEntity,
  studentsOfFamily,
  studentUpdate,
  toStudent,
  type StoredStudent,
} from '../students';
import type { ParsedInput } from '../../contract/manifest';
import type { Student } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { alreadyExists, failedPrecondition, invalidArgument, notFound, portalBusy } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';
import { ownEmail } from '../ownAccount';
import { transactWrite, type TransactItem } from '../../platform/transact';
import { dateLabel } from '../../contract/moments';

const MAX_STUDENTS_PER_FAMILY = 20;

/** How many times a save is planned again after the same student or family changed first. */
const MAX_PLANS = 5;

/**
 * Adds a student to the caller's family, or changes one of its students (any family's, for an admin). One
 * transaction writes the student, their name marker (a child is added once: a second identical add is 409)
 * and the family's profile (not deleted, and under the cap of students for an add).
 */
export async function saveStudent(input: ParsedInput<'saveStudent'>, caller: FamilyCaller) {
  const now = new Date();
  if (input.birthDate >= now.toISOString().slice(0, 10)) throw invalidArgument('birthDate: must be in the past');
  const existing = input.id ? await studentForCaller(caller, input.id) : undefined;
  await checkTshirtSize(input.tshirtSize, existing?.tshirtSize);
  const { detailsConfirmedAt: _sent, ...details } = input;
  // An administrator changing another family's child has not asked the family: the family's last
  // confirmation is left as it is stored (not written back as read, which could undo one made meanwhile).
  if (existing && existing.familyId !== caller.familyId) {
    const changed = await changeStudent(existing, { ...details, id: existing.id }, now.toISOString());
    return { student: { ...changed, ...optional('detailsConfirmedAt', existing.detailsConfirmedAt) } };
  }
  // The family has just seen and saved the details: they count as confirmed now.
  const student = { ...details, detailsConfirmedAt: now.toISOString() };
  if (existing) return { student: await changeStudent(existing, { ...student, id: existing.id }, now.toISOString()) };
  return { student: await addStudent(student, caller, now.toISOString()) };
}

async function addStudent(input: Omit<Student, 'id'>, caller: FamilyCaller, now: string): Promise<Student> {
  const stored: StoredStudent = {
    ...input,
    id: randomUUID(),
    familyId: caller.familyId,
    activeEnrollments: 0,
    createdAt: now,
    updatedAt: now,
  };
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const profile = await getProfile(caller.familyId);
    if (profile?.deletedAt) throw accountDeleted();
    const items = [
      studentPut(stored),
      nameMarkerPut(stored),
      familyChangeItem(caller.familyId, {
        ...(await studentCountChange(profile, caller.familyId)),
        email: await emailToRemember(profile, caller),
        refuseDeleted: true,
      }),
    ];
    const outcome = await transactWrite(items);
    if (outcome.committed) return toStudent(stored);
    refuseFor(outcome.failed, stored);
    // Otherwise the family's count appeared meanwhile (its first add, twice at once): count again.
  }
  throw portalBusy("the family's student count kept changing");
}

/** One more student on the family's count, under the cap; a family without a count yet is counted first. */
async function studentCountChange(
  profile: StoredProfile | undefined,
  familyId: string,
): Promise<Omit<FamilyChange, 'refuseDeleted'>> {
  const counted = profile?.counts[studentCount] !== undefined ? undefined : (await studentsOfFamily(familyId)).length;
  if (counted === undefined)
    return { counts: { [studentCount]: 1 }, caps: { [studentCount]: MAX_STUDENTS_PER_FAMILY } };
  if (counted >= MAX_STUDENTS_PER_FAMILY) throw tooManyStudents();
  return { counts: { [studentCount]: counted + 1 }, absent: [studentCount] };
}

const tooManyStudents = () => failedPrecondition(`A family can have at most ${MAX_STUDENTS_PER_FAMILY} students.`);

async function changeStudent(existing: StoredStudent, student: Student, now: string): Promise<Student> {
  let seen = existing;
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const items: TransactItem[] = [
      studentUpdate(seen.familyId, student, seen, now),
      familyChangeItem(seen.familyId, { refuseDeleted: true }),
    ];
    // A new name or birth date moves the child's marker with them.
    if (childIdentity(seen) !== childIdentity(student)) {
      items.push(nameMarkerPut({ ...student, familyId: seen.familyId }), nameMarkerDelete(seen.familyId, seen));
    }
    const outcome = await transactWrite(items);
    if (outcome.committed) return student;
    refuseFor(outcome.failed, student);
    // The student's name or birth date changed meanwhile: plan again from them as they are.
    if (outcome.failed.has(0))
      seen =
        studentEntity.readIf(outcome.failed.get(0)) ?? raise(notFound('There is no such student on your account.'));
  }
  throw portalBusy('the student kept changing while it was saved');
}

/** What a failed save tells the family: the account is deleted, the cap is reached, or the child is on the list already. */
function refuseFor(
  failed: Map<number, Record<string, unknown> | undefined>,
  student: Pick<StoredStudent, 'firstName' | 'lastName' | 'birthDate' | 'id'>,
) {
  const items = [...failed.values()];
  const profile = items.map((item) => profileEntity.readIf(item)).find(Boolean);
  if (profile?.deletedAt) throw accountDeleted();
  const marker = items.map((item) => nameMarkerEntity.readIf(item)).find(Boolean);
  if (marker && marker.studentId !== student.id)
    throw alreadyExists(
      `${studentName(student)}, born ${dateLabel(student.birthDate)}, is already one of your students.`,
    );
  if ((profile?.counts[studentCount] ?? 0) >= MAX_STUDENTS_PER_FAMILY) throw tooManyStudents();
}

/** A size on offer; a retired size stays allowed on a student who already has it. */
async function checkTshirtSize(code: string, current: string | undefined) {
  const sizes = await readTshirtSizes();
  const size = sizes.find((candidate) => candidate.code === code);
  if (!size || (size.retired && code !== current)) {
    throw invalidArgument(
      `tshirtSize: "${code}" is not a size we offer (choose one of ${sizes
        .filter((s) => !s.retired)
        .map((s) => s.code)
        .join(', ')})`,
    );
  }
}

/** The address the portal writes to about this family's enrollments, read once from the user pool. */
async function emailToRemember(profile: StoredProfile | undefined, caller: FamilyCaller): Promise<string | undefined> {
  if (!caller.accessToken || typeof profile?.email === 'string') return undefined;
  return ownEmail(caller.accessToken);
}

function raise(error: Error): never {
  throw error;
}

export const handler = limitedHandler('saveStudent', saveStudent);
