// The handler of a function that changes who is administrator, or the configuration: an administrator is
// one the admin group holds now, not one the token says was in it when it was issued (a token lives up to
// 15 minutes). Kept apart from handler.ts so the other functions do not carry the user pool's client.
import { ADMIN_GROUP, type FunctionName } from '../contract/manifest';
import { permissionDenied } from '../contract/errors';
import { handlerChain, type Middleware, type Run } from './handler';
import { groupsOf } from './userPool';

/** The caller's groups as the user pool holds them now; refused unless one is the admin group. */
export function liveAdminGroups(): Middleware {
  return {
    before: async (request) => {
      const caller = request.event.caller;
      if (!caller) return;
      const groups = await groupsOf(caller.username);
      if (!groups.includes(ADMIN_GROUP)) throw permissionDenied('You are no longer an administrator.');
      request.event.caller = { ...caller, groups, isAdmin: true };
    },
  };
}

export function liveAdminHandler<N extends FunctionName>(name: N, run: Run<N>) {
  return handlerChain('liveAdminHandler', name, run, [liveAdminGroups()]);
}
