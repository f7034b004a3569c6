// Messages to many families at once: a class closed or changed, and (later) an administrator's message to
// the families of a class, a group, a semester or a waitlist. A message (`MESSAGE#id / MESSAGE`) holds what
// every family reads and the counts; a delivery per family (`MESSAGE#id / TO#familyId`) holds that family's
// children and where its e-mail stands: pending, sending, sent, failed or skipped. The mailer sends the
// pending ones at SES's pace, each claimed by a conditional write first, so a run that stops (its time
// is up, or it failed) is taken up by the next without writing to any family twice. GSI2 lists a semester's
// messages, newest last (`SEMESTER#id#MESSAGES`).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Class } from '../records';
import { dynamo, queryAll, tableName, writeAll, type Key } from '../shared/dynamo';
import type { MailContent } from '../shared/mailBlocks';
import { transactWrite } from '../shared/transact';
import { classesNow } from './classes';
import { classEnrollments, type StoredEnrollment } from './enrollments';
import { sendToFamily } from './enrollmentMail';
import { familyAddresses } from './families';
import { mailRequestItem, type ClassMailRequest } from './mailRequests';
import { takeSendTurn } from './mailPace';
import { mailSite } from './mailSite';
import { classNoticeContent, type MailSite, type MessageChild } from './notices';
import { studentName, studentsByKey } from './students';

export type MessageTopic = ClassMailRequest['kind'];

export interface StoredMessage {
  id: string;
  semesterId: string;
  /** The classes the message is about (its history is shown with each). */
  classIds: string[];
  topic: MessageTopic;
  /** Who to name as sender in the history: an administrator's e-mail, or `portal`. */
  sentBy: string;
  createdAt: string;
  /** What changed (classChanged). */
  changes?: string[];
  status: 'sending' | 'sent';
  /** Families it is for, and how many of them were sent to, failed, or skipped (no address). */
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  finishedAt?: string;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface StoredDelivery {
  messageId: string;
  familyId: string;
  children: MessageChild[];
  status: DeliveryStatus;
  claimedAt?: string;
  at?: string;
  /** Why it failed or was skipped. */
  reason?: string;
}

export const messageKey = (id: string) => ({ PK: `MESSAGE#${id}`, SK: 'MESSAGE' });
const deliveryKey = (messageId: string, familyId: string) => ({ PK: `MESSAGE#${messageId}`, SK: `TO#${familyId}` });

/** A class's families with their children in it (enrolled or waiting), from its roster and waitlist. */
async function familiesInClass(classId: string): Promise<Map<string, MessageChild[]>> {
  const { roster, waitlist } = await classEnrollments(classId);
  const entries: Array<{ enrollment: StoredEnrollment; position?: number }> = [
    ...roster.map((enrollment) => ({ enrollment })),
    ...waitlist.map((enrollment, index) => ({ enrollment, position: index + 1 })),
  ];
  const students = await studentsByKey(
    entries.map(({ enrollment }) => ({ familyId: enrollment.familyId, studentId: enrollment.studentId })),
  );
  const families = new Map<string, MessageChild[]>();
  for (const { enrollment, position } of entries) {
    const student = students.get(enrollment.studentId);
    const child: MessageChild = {
      name: student ? studentName(student) : 'Your child',
      status: enrollment.status === 'enrolled' ? 'enrolled' : 'waitlisted',
      ...(position && { waitlistPosition: position }),
    };
    families.set(enrollment.familyId, [...(families.get(enrollment.familyId) ?? []), child]);
  }
  return families;
}

/**
 * Writes a message and a pending delivery for each family: the deliveries first, the message last (the
 * message is what makes them count). When the message is there already (a retried call), nothing is
 * written again: a delivery already sent is never made pending again.
 */
async function createMessage(message: StoredMessage, families: Map<string, MessageChild[]>): Promise<void> {
  if (await getMessage(message.id)) return;
  await writeAll(
    [...families].map(([familyId, children]) => ({
      ...deliveryKey(message.id, familyId),
      type: 'delivery',
      messageId: message.id,
      familyId,
      children,
      status: 'pending',
    })),
  );
  await dynamo
    .send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...messageKey(message.id),
          GSI2PK: `SEMESTER#${message.semesterId}#MESSAGES`,
          GSI2SK: `${message.createdAt}#${message.id}`,
          type: 'message',
          ...message,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    .catch((error: Error) => {
      // Another run of the same request wrote it meanwhile, from the same deliveries.
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Turns a class's mail request into a message to each family in the class (none when nobody is in it). */
export async function messageOfClassRequest(requestId: string, request: ClassMailRequest): Promise<boolean> {
  const cls = (await classesNow([request.classId])).get(request.classId);
  if (!cls) return false;
  const families = await familiesInClass(request.classId);
  if (families.size === 0) return false;
  await createMessage(
    {
      id: requestId,
      semesterId: cls.semesterId,
      classIds: [cls.id],
      topic: request.kind,
      sentBy: 'portal',
      createdAt: new Date().toISOString(),
      ...(request.changes && { changes: request.changes }),
      status: 'sending',
      recipients: families.size,
      sent: 0,
      failed: 0,
      skipped: 0,
    },
    families,
  );
  return true;
}

async function getMessage(id: string): Promise<StoredMessage | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: tableName, Key: messageKey(id), ConsistentRead: true }),
  );
  return Item as StoredMessage | undefined;
}

async function deliveriesOf(messageId: string, status: DeliveryStatus): Promise<StoredDelivery[]> {
  return queryAll<StoredDelivery>({
    KeyConditionExpression: 'PK = :message AND begins_with(SK, :to)',
    FilterExpression: '#status = :status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':message': messageKey(messageId).PK, ':to': 'TO#', ':status': status },
    ConsistentRead: true,
  });
}

/** Claims a pending delivery for this run; false when another run has it (or it is done). */
async function claim(delivery: StoredDelivery, now: string): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName,
        Key: deliveryKey(delivery.messageId, delivery.familyId),
        UpdateExpression: 'SET #status = :sending, claimedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Settles a claimed delivery and counts it on its message, together. */
async function settle(delivery: StoredDelivery, status: 'sent' | 'failed' | 'skipped', reason?: string) {
  await transactWrite([
    {
      Update: {
        TableName: tableName,
        Key: deliveryKey(delivery.messageId, delivery.familyId),
        UpdateExpression: `SET #status = :status, #at = :now${reason ? ', reason = :reason' : ''}`,
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
        ExpressionAttributeValues: {
          ':status': status,
          ':sending': 'sending',
          ':now': new Date().toISOString(),
          ...(reason && { ':reason': reason }),
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: messageKey(delivery.messageId),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': status },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ]);
}

/** What one family reads (undefined when the class it is about is gone). */
function contentFor(
  message: StoredMessage,
  delivery: StoredDelivery,
  site: MailSite,
  classes: Map<string, Class>,
): MailContent | undefined {
  const cls = classes.get(message.classIds[0]!);
  if (!cls) return undefined;
  return classNoticeContent(
    message.topic,
    { cls, children: delivery.children, ...(message.changes && { changes: message.changes }) },
    site,
  );
}

/** A claim older than this was made by a run that stopped while sending (a run lasts seconds). */
const STALE_CLAIM_MS = 60_000;

/**
 * Sends the message's pending deliveries, one family at a time at SES's pace, while `timeLeftMs` allows;
 * `more` when some are left for another run.
 */
export async function sendMessage(messageId: string, timeLeftMs: () => number): Promise<'done' | 'more'> {
  const message = await getMessage(messageId);
  if (!message) return 'done';
  const [site, classes] = await Promise.all([mailSite(), classesNow(message.classIds)]);
  const pending = await deliveriesOf(messageId, 'pending');
  const addresses = await familyAddresses(pending.map((delivery) => delivery.familyId));
  for (const delivery of pending) {
    if (!(await takeSendTurn(timeLeftMs))) return 'more';
    if (!(await claim(delivery, new Date().toISOString()))) continue;
    const to = addresses.get(delivery.familyId) ?? [];
    const content = contentFor(message, delivery, site, classes);
    if (to.length === 0 || !content) {
      await settle(delivery, 'skipped', to.length === 0 ? 'No e-mail address on file' : 'The class is gone');
      continue;
    }
    try {
      await sendToFamily(to, content, site);
      await settle(delivery, 'sent');
    } catch (error) {
      await settle(delivery, 'failed', (error as Error).message || (error as Error).name);
    }
  }
  // A delivery a stopped run left claimed may have gone out: it is counted failed, never sent again by itself.
  const staleBefore = new Date(Date.now() - STALE_CLAIM_MS).toISOString();
  for (const stuck of await deliveriesOf(messageId, 'sending'))
    if ((stuck.claimedAt ?? '') < staleBefore)
      await settle(stuck, 'failed', 'The portal stopped while sending it: it may not have gone out.');
  if ((await deliveriesOf(messageId, 'sending')).length > 0) return 'more';
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: messageKey(messageId),
      UpdateExpression: 'SET #status = :sent, finishedAt = :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':now': new Date().toISOString() },
    }),
  );
  return 'done';
}

/** Hands the rest of a message to the next run: a new mail request in place of this one, in one transaction. */
export async function continueMessage(requestKey: Key, messageId: string) {
  await transactWrite([
    { Delete: { TableName: tableName, Key: requestKey, ConditionExpression: 'attribute_exists(PK)' } },
    {
      Put: {
        TableName: tableName,
        Item: mailRequestItem({ kind: 'message', messageId }, new Date().toISOString()),
      },
    },
  ]);
}
