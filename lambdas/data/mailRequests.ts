// The mail outbox: an enrollment transaction writes a mail request with the change it reports, so the
// e-mail is never lost and never holds up the answer; the mailer (a stream consumer) sends it and
// removes it. `MAIL#id / MAIL`.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, tableName, type Key } from '../shared/dynamo';
import { entity, optional } from './entity';

export type NoticeKind = 'enrolled' | 'waitlisted' | 'promoted';

export interface MailRequest {
  kind: NoticeKind;
  familyId: string;
  studentId: string;
  /** The classes of the enrollment: one, or each class of the group. */
  classIds: string[];
  groupId?: string;
}

/** A mail request as stored: what to tell, and when the change asked for it. */
export type StoredMailRequest = MailRequest & { requestedAt: string };

export const mailRequestEntity = entity<StoredMailRequest, { id: string }>({
  type: 'mail',
  key: { partition: ({ id }) => `MAIL#${id}`, sort: 'MAIL' },
  read: (item) => ({
    kind: item.oneOf('kind', ['enrolled', 'waitlisted', 'promoted']),
    familyId: item.string('familyId'),
    studentId: item.string('studentId'),
    classIds: item.strings('classIds'),
    ...optional('groupId', item.optionalString('groupId')),
    requestedAt: item.string('requestedAt'),
  }),
});

/** A new mail request, for the transaction that makes the change it tells. */
export const newMailRequest = (request: MailRequest, now: string): StoredMailRequest & { id: string } => ({
  ...request,
  id: randomUUID(),
  requestedAt: now,
});

/** Removes a request the mailer has sent, by the key the stream gave it. */
export async function removeMailRequest(key: Key): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: tableName, Key: key }));
}
