import { groupsOfSemester } from '../data/groups';
import type { ParsedInput } from '../manifest';
import { portalHandler } from '../shared/handler';

export async function semesterGroups({ semesterId }: ParsedInput<'semesterGroups'>) {
  return { groups: await groupsOfSemester(semesterId) };
}

export const handler = portalHandler('semesterGroups', semesterGroups);
