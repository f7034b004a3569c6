// The handler of a function the manifest limits per user: the portal's middleware, the caller's family for
// a family function on the table, then a call counter.
// Kept apart from handler.ts so functions without a limit do not carry the table client it needs.
import type { Context } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import { countCall } from './callCounts';
import type { FunctionName } from '../contract/manifest';
import { resourceExhausted } from '../contract/errors';
import { withCallerFamily } from './familyHandler';
import { rateLimitOf, type PortalEvent, type Run } from './handler';

export function limitedHandler<N extends FunctionName>(name: N, run: Run<N>) {
  const handler = withCallerFamily('limitedHandler', name, run);
  // Built: the manifest gives the function a limit.
  const limit = rateLimitOf(name)!;
  const callLimit: MiddlewareObj<PortalEvent, unknown, Error, Context> = {
    // After validation (it comes later in the chain): bad input is refused without touching the table.
    before: async (request) => {
      const caller = request.event.caller;
      if (!caller || caller.isAdmin) return;
      const counted = await countCall(caller.sub, name, limit);
      if (!counted.allowed)
        throw resourceExhausted(
          `You are doing this too often. Please wait ${counted.retryAfterSeconds} seconds and try again.`,
        );
    },
  };
  return handler.use(callLimit);
}
