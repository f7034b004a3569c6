import { classesOfSemester } from '../data/classes';
import type { ParsedInput } from '../manifest';
import type { Class } from '../records';
import { portalHandler } from '../shared/handler';

export async function classesBySemester({ semesters }: ParsedInput<'classesBySemester'>) {
  const unique = [...new Set(semesters)];
  const lists = await Promise.all(unique.map(classesOfSemester));
  const classes: Record<string, Class[]> = Object.fromEntries(
    unique.map((semesterId, index) => [semesterId, lists[index]!]),
  );
  return { classes };
}

export const handler = portalHandler('classesBySemester', classesBySemester);
