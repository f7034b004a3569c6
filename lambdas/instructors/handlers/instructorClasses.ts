import { getClasses, byFirstMeeting } from '../../catalogue/classes';
import type { InstructorCaller } from '../../platform/caller';
import { instructorHandler } from '../../platform/instructorHandler';

/** The caller's classes with their meetings, the first to meet first. */
export async function instructorClasses(_payload: unknown, caller: InstructorCaller) {
  return { classes: (await getClasses(caller.classIds, true)).sort(byFirstMeeting) };
}

export const handler = instructorHandler('instructorClasses', instructorClasses);
