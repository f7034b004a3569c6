// One DynamoDB transaction, carried through contention: a conflict or throttling is retried with
// exponential backoff and full jitter, with the same ClientRequestToken on every try so a retried
// transaction is never applied twice. A failed condition is not retried: the caller re-reads and replans.
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, sleep } from './dynamo';
import { isTransientAwsError } from './awsErrors';
import { portalBusy } from '../contract/errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type TransactOutcome =
  | { committed: true }
  /** The items whose condition failed, by their index in the transaction, with the item as it was. */
  | { committed: false; failed: Map<number, Record<string, unknown> | undefined> };

export const TRANSACTION_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 25;
const BACKOFF_CAP_MS = 1500;

interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

const retryableCodes = new Set([
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/**
 * Writes `items` in one transaction. `until` (epoch ms): no retry is started that would end after it, for
 * a caller that must answer by then.
 */
export async function transactWrite(
  items: TransactItem[],
  { until = Number.POSITIVE_INFINITY }: { until?: number } = {},
): Promise<TransactOutcome> {
  const ClientRequestToken = randomUUID();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await dynamo.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken }));
      return { committed: true };
    } catch (error) {
      const reasons = (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons;
      if (
        (error as Error).name === 'TransactionCanceledException' &&
        reasons?.some((reason) => reason.Code === 'ConditionalCheckFailed')
      ) {
        const failed = new Map<number, Record<string, unknown> | undefined>();
        reasons.forEach((reason, index) => {
          if (reason.Code === 'ConditionalCheckFailed')
            failed.set(index, reason.Item && unmarshall(reason.Item as never));
        });
        return { committed: false, failed };
      }
      if (!isRetryable(error, reasons)) throw error;
      const pause = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
      if (attempt + 1 >= TRANSACTION_ATTEMPTS)
        throw portalBusy(`a transaction failed ${TRANSACTION_ATTEMPTS} times, last with ${failureOf(error, reasons)}`);
      if (Date.now() + pause >= until)
        throw portalBusy(
          `a transaction ran out of time after ${attempt + 1} tries, last with ${failureOf(error, reasons)}`,
        );
      await sleep(pause);
    }
  }
}

function isRetryable(error: unknown, reasons: CancellationReason[] | undefined): boolean {
  if ((error as Error).name === 'TransactionCanceledException')
    return (reasons ?? []).some((reason) => retryableCodes.has(reason.Code ?? ''));
  return isTransientAwsError(error);
}

/** What a failed try met, for the log: the error, and the cancellation reasons other than None. */
function failureOf(error: unknown, reasons: CancellationReason[] | undefined): string {
  const codes = [
    ...new Set((reasons ?? []).map((reason) => reason.Code ?? '').filter((code) => code && code !== 'None')),
  ];
  return codes.length ? `${(error as Error).name} (${codes.join(', ')})` : (error as Error).name;
}
