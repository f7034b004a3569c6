// The functions' log: one JSON line per event (Powertools Logger), CloudWatch Logs Insights reads its fields.
// A line has `level` (INFO, WARN, ERROR), `message`, `timestamp`, `service` (POWERTOOLS_SERVICE_NAME: the
// stack's name) and the fields the call site adds; in a handler wrapped with `logCallContext()`, the
// function's name and the call's Lambda request id too (`function_name`, `function_request_id`), with
// `cold_start`, and for a call through the API its request id (`correlation_id`, the API access log's
// `requestId`, which logs the Lambda's as `lambdaRequestId`). POWERTOOLS_LOG_LEVEL sets the level (INFO by
// default; the unit tests set SILENT).
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';

export const logger = new Logger();

/**
 * Middy middleware: the lines a call writes carry its function's name and its request id, and for a call
 * through the API the API's request id, so a line of the access log leads to the call's log and back. The
 * API's id is the call's alone: it is cleared after each call (`resetKeys`).
 */
export function logCallContext() {
  const context = injectLambdaContext(logger, { resetKeys: true });
  return {
    ...context,
    before: async (request: { event: unknown; context: unknown }) => {
      await context.before?.(request as never);
      const apiRequestId = (request.event as { requestContext?: { requestId?: unknown } } | undefined)?.requestContext
        ?.requestId;
      if (typeof apiRequestId === 'string') logger.setCorrelationId(apiRequestId);
    },
  };
}

/**
 * An error as a log line carries it: its name, message and stack only. Powertools would add every other
 * field of the error, and an AWS error may hold an item's values (a failed condition's `Item`).
 */
export function loggedError(error: unknown): { name?: string; message: string; stack?: string } {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };
}
