// The handler of a family function that uses the table: the portal's middleware, then the caller's family.
// Kept apart from handler.ts so the functions without the table (`roles`, the admin-group functions) do not
// carry the table client it needs.
import type { FamilyCaller } from './caller';
import { familyIdOf } from '../data/memberships';
import type { FunctionName } from '../manifest';
import { handlerChain, type Middleware, rateLimitOf, readsCallerFamily, type Run } from './handler';

/**
 * The family the caller manages, read on every call of a family function (strongly consistent, never
 * cached): a guardian removed from a family has no access to it from the next call on.
 */
export function callerFamily(): Middleware {
  return {
    before: async (request) => {
      const caller = request.event.caller;
      if (caller) request.event.caller = { ...caller, familyId: await familyIdOf(caller.sub) } as FamilyCaller;
    },
  };
}

export function familyHandler<N extends FunctionName>(name: N, run: Run<N>) {
  if (!readsCallerFamily(name))
    throw new Error(`${name} is not a family function on the table: build its handler with portalHandler.`);
  if (rateLimitOf(name))
    throw new Error(`${name} has a call limit in the manifest: build its handler with limitedHandler.`);
  // After validation (it comes later in the chain): bad input is refused without reading the table.
  return handlerChain(name, run).use(callerFamily());
}
