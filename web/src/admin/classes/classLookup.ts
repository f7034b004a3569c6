import type { FunctionResult } from '@contract/manifest';
import type { Class } from '@contract/records';

/** The classes of a `classes` answer, which groups them by semester when they are asked for by id. */
export function listedClasses({ classes }: FunctionResult<'classes'>): Class[] {
  return Array.isArray(classes) ? classes : Object.values(classes).flat();
}

/** Classes and groups as an administrator looks for them: by name, "Level 2" before "Level 10". */
export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { numeric: true });
