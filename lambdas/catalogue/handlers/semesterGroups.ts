import { groupsOfSemester } from '../groups';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

export async function semesterGroups({ semesterId }: ParsedInput<'semesterGroups'>) {
  return { groups: await groupsOfSemester(semesterId) };
}

export const handler = portalHandler('semesterGroups', semesterGroups);
