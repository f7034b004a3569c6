import { cancelInvitation, removeInstructor as remove } from '../instructors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Takes an instructor off (refused from their next call), or with `email` cancels an invitation still waiting. */
export async function removeInstructor({ sub, email }: ParsedInput<'removeInstructor'>) {
  if (email) await cancelInvitation(email);
  else await remove(sub!);
  return {};
}

export const handler = portalHandler('removeInstructor', removeInstructor);
