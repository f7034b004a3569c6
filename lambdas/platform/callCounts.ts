// Per-user call limits that slide with time: `calls` per `perSeconds` over any stretch of that length,
// not per clock minute (a fixed window let twice the limit through across its boundary). One item per
// user and function (`RATE#sub / function`) holds the moment the allowance is next whole again, as the
// generic cell rate algorithm keeps it: each call moves it one share (perSeconds / calls) later, and a
// call is refused when that would put it more than perSeconds ahead. Every change is one conditional
// update, never a read then a write, so calls from many Lambdas at once still stop at the limit.
// The items expire on their own (TTL).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './dynamo';
import { entity, optional } from './entity';
import { timeToLiveAttribute } from './table';
import type { CallLimit } from '../contract/records';

type Counted = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A user's allowance for one function: when it is next whole again (epoch ms). */
const allowanceEntity = entity<{ wholeAt?: number }, { userId: string; functionName: string }>({
  type: 'callAllowance',
  key: { partition: ({ userId }) => `RATE#${userId}`, sort: { prefix: '', of: ({ functionName }) => functionName } },
  read: (item) => optional('wholeAt', item.optionalNumber('wholeAt')),
});

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Counts a call; the seconds to wait when the limit is already reached. */
export async function countCall(
  userId: string,
  functionName: string,
  limit: CallLimit,
  now = Date.now(),
): Promise<Counted> {
  const periodMs = limit.perSeconds * 1000;
  const shareMs = periodMs / limit.calls;
  /** The latest "whole again" moment at which one more call still fits. */
  const latest = now + periodMs - shareMs;
  const allowance = { userId, functionName };
  const update = (clause: string, condition: string, values: Record<string, number>) =>
    dynamo.send(
      new UpdateCommand(
        allowanceEntity.update(allowance, {
          setClauses: [clause, '#expires = :expires'],
          condition,
          names: { '#whole': 'wholeAt', '#expires': timeToLiveAttribute },
          values: { ...values, ':expires': Math.ceil((now + 2 * periodMs) / 1000) },
        }),
      ),
    );
  // The item changes between the steps only when other calls count meanwhile: a few rounds settle it.
  for (let round = 0; round < 5; round += 1) {
    try {
      // The allowance is whole: this call takes the first share.
      await update('#whole = :next', 'attribute_not_exists(#whole) OR #whole < :now', {
        ':now': now,
        ':next': now + shareMs,
      });
      return { allowed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // Shares are taken: this call takes one more while it fits.
      await update('#whole = #whole + :share', '#whole BETWEEN :now AND :latest', {
        ':now': now,
        ':latest': latest,
        ':share': shareMs,
      });
      return { allowed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const wholeAt = (await allowanceEntity.get(allowance))?.wholeAt;
    if (wholeAt !== undefined && wholeAt > latest)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((wholeAt - latest) / 1000)) };
  }
  return { allowed: false, retryAfterSeconds: 1 };
}
