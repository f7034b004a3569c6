// The handler of a family function that uses the table: the portal's middleware, then the caller's family.
// Kept apart from handler.ts so the functions without the table (`roles`, the admin-group functions) do not
// carry the table client it needs.
import type { FamilyCaller } from './caller';
import { familyIdOf } from './memberships';
import type { FunctionName } from '../contract/manifest';
import { type HandlerBuilder, handlerChain, type Middleware, readsCallerFamily, type Run } from './handler';

/**
 * The family the caller manages, read on every call of a family function (strongly consistent, never
 * cached): a guardian removed from a family has no access to it from the next call on.
 */
function callerFamily(): Middleware {
  return {
    before: async (request) => {
      const caller = request.event.caller;
      if (caller) request.event.caller = { ...caller, familyId: await familyIdOf(caller.sub) } as FamilyCaller;
    },
  };
}

/**
 * The portal's middleware, then the caller's family if the manifest makes the function a family function on
 * the table: after validation (it comes later in the chain), so bad input is refused without reading the table.
 */
export function withCallerFamily<N extends FunctionName>(builder: HandlerBuilder, name: N, run: Run<N>) {
  return handlerChain(builder, name, run).use(readsCallerFamily(name) ? [callerFamily()] : []);
}

export function familyHandler<N extends FunctionName>(name: N, run: Run<N>) {
  return withCallerFamily('familyHandler', name, run);
}
