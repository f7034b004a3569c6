// The mail outbox: an enrollment transaction writes a mail request with the change it reports, so the
// e-mail is never lost and never holds up the answer; the mailer (a stream consumer) sends it and
// removes it. `MAIL#id / MAIL`.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, tableName, type Item, type Key } from '../shared/dynamo';

export type NoticeKind = 'enrolled' | 'waitlisted' | 'promoted';

export interface MailRequest {
  kind: NoticeKind;
  familyId: string;
  studentId: string;
  /** The classes of the enrollment: one, or each class of the group. */
  classIds: string[];
  groupId?: string;
}

export const MAIL_REQUEST_TYPE = 'mail';

export function mailRequestItem(request: MailRequest, now: string): Item {
  return { PK: `MAIL#${randomUUID()}`, SK: 'MAIL', type: MAIL_REQUEST_TYPE, ...request, requestedAt: now };
}

export async function removeMailRequest(key: Key): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: key }));
}
