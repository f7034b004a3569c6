import type { FunctionResult } from '../../../../lambdas/manifest';
import type { Class } from '../../../../lambdas/records';
import { callFunction } from '../../api/client';

/** The classes of a `classes` answer, which groups them by semester when they are asked for by id. */
export function listedClasses({ classes }: FunctionResult<'classes'>): Class[] {
  return Array.isArray(classes) ? classes : Object.values(classes).flat();
}

/** One class by id, from any semester; undefined when there is none. */
export async function findClass(classId: string): Promise<Class | undefined> {
  return listedClasses(await callFunction('classes', { query: [{ id: classId }] })).find((cls) => cls.id === classId);
}

/** Classes and groups as an administrator looks for them: by name, "Level 2" before "Level 10". */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { numeric: true });
