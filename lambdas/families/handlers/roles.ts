import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/** The caller's roles: the Cognito groups named in the verified access token. */
export async function roles(_input: object, caller: Caller) {
  return caller.groups;
}

export const handler = portalHandler('roles', roles);
