import { randomUUID } from 'node:crypto';
import { getFamilyProfile, putFamilyProfile } from '../data/families';
import { readTshirtSizes } from '../data/settings';
import { createStudent, studentForCaller, studentsOfFamily, toStudent, updateStudent, type StoredStudent } from '../data/students';
import type { ParsedInput } from '../manifest';
import type { Student } from '../records';
import type { Caller } from '../shared/caller';
import { failedPrecondition, invalidArgument } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';
import { ownEmail } from '../shared/ownAccount';

export const MAX_STUDENTS_PER_FAMILY = 20;

/** Adds a student to the caller's family, or changes one of its students (any family's, for an admin). */
export async function saveStudent(input: ParsedInput<'saveStudent'>, caller: Caller) {
  const now = new Date();
  if (input.birthDate >= now.toISOString().slice(0, 10)) throw invalidArgument('birthDate: must be in the past');
  const existing = input.id ? await studentForCaller(caller, input.id) : undefined;
  await checkTshirtSize(input.tshirtSize, existing?.tshirtSize);

  if (existing) {
    const student: Student = { ...input, id: existing.id };
    await updateStudent(existing.familyId, student, now.toISOString());
    return { student };
  }
  if ((await studentsOfFamily(caller.sub)).length >= MAX_STUDENTS_PER_FAMILY) {
    throw failedPrecondition(`A family can have at most ${MAX_STUDENTS_PER_FAMILY} students.`);
  }
  const stored: StoredStudent = { ...input, id: randomUUID(), familyId: caller.sub, activeEnrollments: 0, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  await Promise.all([createStudent(stored), rememberFamilyEmail(caller)]);
  return { student: toStudent(stored) };
}

/** A size on offer; a retired size stays allowed on a student who already has it. */
async function checkTshirtSize(code: string, current: string | undefined) {
  const sizes = await readTshirtSizes();
  const size = sizes.find((candidate) => candidate.code === code);
  if (!size || (size.retired && code !== current)) {
    throw invalidArgument(`tshirtSize: "${code}" is not a size we offer (choose one of ${sizes.filter((s) => !s.retired).map((s) => s.code).join(', ')})`);
  }
}

/** The address the portal writes to about this family's enrollments, read once from the user pool. */
async function rememberFamilyEmail(caller: Caller) {
  if (!caller.accessToken || (await getFamilyProfile(caller.sub))) return;
  const email = await ownEmail(caller.accessToken);
  if (email) await putFamilyProfile({ familyId: caller.sub, email });
}

export const handler = limitedHandler('saveStudent', saveStudent);
