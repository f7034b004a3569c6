import { classesOfSemester } from '../classes';
import type { ParsedInput } from '../../contract/manifest';
import type { Class } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

export async function classesBySemester({ semesters }: ParsedInput<'classesBySemester'>) {
  const unique = [...new Set(semesters)];
  const lists = await Promise.all(unique.map(classesOfSemester));
  const classes: Record<string, Class[]> = Object.fromEntries(
    unique.map((semesterId, index) => [semesterId, lists[index]!]),
  );
  return { classes };
}

export const handler = portalHandler('classesBySemester', classesBySemester);
