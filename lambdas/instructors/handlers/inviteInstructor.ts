import { inviteInstructor as invite } from '../instructors';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../../families/ownAccount';

/** Invites a person by e-mail to teach the classes listed. */
export async function inviteInstructor({ email, classIds }: ParsedInput<'inviteInstructor'>, caller: Caller) {
  return { invitation: await invite(email, classIds, await callerLabel(caller)) };
}

export const handler = portalHandler('inviteInstructor', inviteInstructor);
