import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/**
 * The caller's roles: the Cognito groups named in the verified access token, or, for a token that names the
 * admin group, the groups the user pool holds now (an administrator whose second factor is off still has the
 * admin role: the web app shows where to turn it on).
 */
export async function roles(_input: object, caller: Caller) {
  return caller.groups;
}

export const handler = portalHandler('roles', roles);
