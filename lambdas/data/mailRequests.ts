// The mail outbox: a change writes a mail request in its own transaction, so its e-mail is never lost and
// never holds up the answer; the mailer (a stream consumer) sends it and removes it. `MAIL#id / MAIL`.
// A request is about one child (an enrollment changed), about a class (closed, changed: one e-mail to each
// family in it), or asks the mailer to go on sending a message to many families.
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, tableName, type Item, type Key } from '../shared/dynamo';
import type { NoticeKind } from './notices';

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
  kind: 'classClosed' | 'classChanged';
  classId: string;
  /** What changed, in a parent's words (classChanged). */
  changes?: string[];
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
