import type { Caller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

/** The caller's roles: the Cognito groups named in the verified access token. */
export async function roles(_input: object, caller: Caller) {
  return caller.groups;
}

export const handler = portalHandler('roles', roles);
