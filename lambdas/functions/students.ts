import { studentsOfFamily, toStudent } from '../data/students';
import type { Caller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

export async function students(_input: object, caller: Caller) {
  return { students: (await studentsOfFamily(caller.sub)).map(toStudent) };
}

export const handler = portalHandler('students', students);
