import { studentsOfFamily, toStudent } from '../data/students';
import type { FamilyCaller } from '../shared/caller';
import { familyHandler } from '../shared/familyHandler';

export async function students(_input: object, caller: FamilyCaller) {
  return { students: (await studentsOfFamily(caller.familyId)).map(toStudent) };
}

export const handler = familyHandler('students', students);
