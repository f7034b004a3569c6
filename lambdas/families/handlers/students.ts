import { studentsOfFamily, toStudent } from '../students';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';

export async function students(_input: object, caller: FamilyCaller) {
  return { students: (await studentsOfFamily(caller.familyId)).map(toStudent) };
}

export const handler = familyHandler('students', students);
