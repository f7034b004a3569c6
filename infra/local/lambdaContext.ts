// The context Lambda hands a function's handler, for the local gateway, stream consumers and schedules: the
// deployed timeout (a handler that plans around its remaining time sees it run out) and a request id of
// its own, which the function's log lines carry.
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../functionLimits';

export function lambdaContext(functionName: string, deadline = Date.now() + FUNCTION_TIMEOUT_SECONDS * 1000): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(FUNCTION_MEMORY_MB),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
