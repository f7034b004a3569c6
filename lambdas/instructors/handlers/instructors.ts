import { instructorList } from '../instructors';
import { portalHandler } from '../../platform/handler';

/** The programme's instructors with their classes, and the invitations still waiting. */
export function instructors() {
  return instructorList();
}

export const handler = portalHandler('instructors', instructors);
