// What each function may use in AWS, without the CDK: the stack deploys these and the local gateway gives
// its handlers the same (a handler that plans around its remaining time plans the same way locally).
export const FUNCTION_TIMEOUT_SECONDS = 10;
export const FUNCTION_MEMORY_MB = 512;
