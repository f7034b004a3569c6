// The mail outbox: a change writes a mail request in its own transaction, so its e-mail is never lost and
// never holds up the answer; the mailer (a stream consumer) sends it and removes it. `MAIL#id / MAIL`.
// A request is about one child (an enrollment changed), about a class (closed, changed: one e-mail to each
// family in it), or asks the mailer to go on sending a message to many families.
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, queryAll, tableName, type Item, type Key } from '../shared/dynamo';
import { transactWrite } from '../shared/transact';
import type { NoticeKind } from '../shared/notices';

export interface StudentMailRequest {
  kind: NoticeKind;
  familyId: string;
  studentId: string;
  /** The classes of the enrollment: one, or each class of the group. */
  classIds: string[];
  groupId?: string;
  /** The class a moved student left. */
  fromClassId?: string;
}

/** What changed about a class after families enrolled: each family in it is told once. */
export interface ClassMailRequest {
  kind: 'classClosed' | 'classChanged' | 'meetingCancelled';
  classId: string;
  /** What changed, in a parent's words (classChanged). */
  changes?: string[];
  /** The meeting cancelled, and the administrator's word on why (meetingCancelled). */
  meeting?: { date: string; start: string; end: string };
  note?: string;
}

/** Go on sending a message to the families it is for (from where the last run stopped). */
export interface MessageMailRequest {
  kind: 'message';
  messageId: string;
}

export type MailRequest = StudentMailRequest | ClassMailRequest | MessageMailRequest;

export const isStudentRequest = (request: MailRequest): request is StudentMailRequest => 'studentId' in request;

export const MAIL_REQUEST_TYPE = 'mail';

export const mailRequestKey = (id: string): Key => ({ PK: `MAIL#${id}`, SK: 'MAIL' });

export function mailRequestItem(request: MailRequest, now: string, id: string = randomUUID()): Item {
  return { ...mailRequestKey(id), type: MAIL_REQUEST_TYPE, ...request, requestedAt: now };
}

/** The request's own id (its key without the prefix). */
export const mailRequestId = (key: Key) => key.PK.slice('MAIL#'.length);

export async function removeMailRequest(key: Key): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: key }));
}

/** Whether the request is still there (not done by an earlier delivery of its stream record). */
export async function mailRequestExists(key: Key): Promise<boolean> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return Item !== undefined;
}

/** Sends the stream tries for one request before it is kept for an administrator to send again. */
export const MAX_SEND_ATTEMPTS = 5;
const FAILED_INDEX = 'MAIL#FAILED';

/** A mail request that could not be sent: kept in the table with its failures, listed for administrators. */
export interface FailedMail {
  id: string;
  kind: MailRequest['kind'];
  requestedAt: string;
  failedAt: string;
  failures: number;
  lastError: string;
  /** Kept for an administrator (or the hourly retry) to send again; the stream tries it no more. */
  waiting: boolean;
  /** How often it was sent again already. */
  resends: number;
  familyId?: string;
  classIds?: string[];
}

/**
 * Notes a failed send on the request (the stream's record stays an INSERT: this update does not run the
 * mailer again). True when it failed MAX_SEND_ATTEMPTS times: the stream gives up on it, the table keeps it.
 */
export async function noteMailFailure(key: Key, error: unknown, now = new Date().toISOString()): Promise<boolean> {
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET failedAt = :now, lastError = :error, GSI1PK = :failed, GSI1SK = :sort ADD failures :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':now': now,
          ':error': errorText(error),
          ':failed': FAILED_INDEX,
          ':sort': `${now}#${mailRequestId(key)}`,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.failures ?? 0) >= MAX_SEND_ATTEMPTS;
  } catch (failure) {
    // Gone meanwhile: sent by another delivery of the record.
    if ((failure as Error).name === 'ConditionalCheckFailedException') return true;
    throw failure;
  }
}

const errorText = (error: unknown) =>
  `${(error as Error).name ?? 'Error'}: ${(error as Error).message ?? String(error)}`.slice(0, 500);

/** Every mail request that failed at least once and is not sent yet, oldest failure first. */
export async function failedMail(): Promise<FailedMail[]> {
  const items = await queryAll<Item>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :failed',
    ExpressionAttributeValues: { ':failed': FAILED_INDEX },
  });
  return items.map((item) => ({
    id: mailRequestId(item as unknown as Key),
    kind: item.kind as MailRequest['kind'],
    requestedAt: String(item.requestedAt),
    failedAt: String(item.failedAt),
    failures: Number(item.failures),
    lastError: String(item.lastError),
    waiting: Number(item.failures) >= MAX_SEND_ATTEMPTS,
    resends: Number(item.resends ?? 0),
    ...(typeof item.familyId === 'string' && { familyId: item.familyId }),
    ...(Array.isArray(item.classIds) && { classIds: item.classIds as string[] }),
  }));
}

/**
 * Sends the waiting failed requests again (or those named): each is replaced by a fresh copy in one
 * transaction, which the stream hands to the mailer as a new request. The copy keeps how often it was
 * sent again; the old one goes, so one change still gives one e-mail. `automatic`: only those that failed
 * before that moment and were sent again fewer times (the scheduled retry). The number sent again.
 */
export async function resendFailedMail(
  ids?: string[],
  automatic?: { failedBefore: string; maxResends: number },
): Promise<number> {
  const now = new Date().toISOString();
  let resent = 0;
  for (const failed of await failedMail()) {
    if (ids ? !ids.includes(failed.id) : !failed.waiting) continue;
    if (automatic && (failed.failedAt >= automatic.failedBefore || failed.resends >= automatic.maxResends)) continue;
    const key = mailRequestKey(failed.id);
    const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    if (!Item) continue;
    const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, failures, failedAt: _f, lastError: _e, ...request } = Item;
    const outcome = await transactWrite([
      {
        Delete: {
          TableName: tableName,
          Key: key,
          ConditionExpression: 'failures = :seen',
          ExpressionAttributeValues: { ':seen': failures },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...mailRequestItem(request as unknown as MailRequest, String(request.requestedAt)),
            resends: Number(request.resends ?? 0) + 1,
            resentAt: now,
          },
        },
      },
    ]);
    if (outcome.committed) resent += 1;
  }
  return resent;
}
