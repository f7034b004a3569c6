// The handler of an instructor function: the portal's middleware, then the caller's assignment. Kept apart from
// handler.ts so the functions of other access levels do not carry the table client it needs.
import type { InstructorCaller } from './caller';
import { assignmentOf } from './instructorAssignments';
import type { FunctionName } from '../contract/manifest';
import { permissionDenied } from '../contract/errors';
import { handlerChain, type Middleware, type Run } from './handler';

/**
 * The classes the caller teaches, read on every call (strongly consistent, never cached): an instructor the office
 * removed is refused from the next call on, whatever their token says. After validation (it comes later in the
 * chain), so bad input is refused without reading the table.
 */
function callerAssignment(): Middleware {
  return {
    before: async (request) => {
      const caller = request.event.caller!;
      const assignment = await assignmentOf(caller.sub);
      if (!assignment)
        throw permissionDenied('You are not an instructor of the programme: ask the office for an invitation.');
      request.event.caller = {
        ...caller,
        instructorEmail: assignment.email,
        classIds: assignment.classIds,
      } as InstructorCaller;
    },
  };
}

export function instructorHandler<N extends FunctionName>(name: N, run: Run<N>) {
  return handlerChain('instructorHandler', name, run).use(callerAssignment());
}
