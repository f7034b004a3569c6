import { assignClasses } from '../instructors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Sets the classes an instructor teaches: a class taken off is refused to them from their next call. */
export async function assignInstructor({ sub, classIds }: ParsedInput<'assignInstructor'>) {
  return { instructor: await assignClasses(sub, classIds) };
}

export const handler = portalHandler('assignInstructor', assignInstructor);
