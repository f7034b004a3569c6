// AWS failures that pass with time (throttling, a dropped connection, a server fault): worth a retry, and
// when retries run out, the caller's cue to try again (429), never a 500.
const transientErrors = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'TransactionInProgressException',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
]);

export function isTransientAwsError(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (transientErrors.has(name ?? '')) return true;
  // A request the SDK sent without an HTTP answer (a dropped connection) or with a server fault. (An
  // error raised before sending has no $metadata: a bug, not bad luck.)
  if (!$metadata) return false;
  return $metadata.httpStatusCode === undefined || $metadata.httpStatusCode >= 500;
}

/**
 * Reads again after a transient failure, with backoff, until `deadline` (epoch ms): for what a caller must
 * be told about something already written (its place in line, its waitlist position), where "try again,
 * nothing changed" would not be true.
 */
export async function readDespiteTransientFailures<T>(read: () => Promise<T>, deadline: number): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const pause = Math.random() * Math.min(1000, 50 * 2 ** attempt);
      if (!isTransientAwsError(error) || Date.now() + pause >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
