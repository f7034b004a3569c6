// Sending a message (messages.ts): the pending deliveries one family at a time at SES's pace, each claimed
// first by a conditional write, settled and counted on the message together; the rest handed to the next
// run. Apart from messages.ts so that the functions that only write or list messages carry no renderer.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Class } from '../records';
import { dynamo, queryAll, tableName, type Key } from '../shared/dynamo';
import type { MailContent } from '../shared/mailBlocks';
import { transactWrite } from '../shared/transact';
import { classesNow } from './classes';
import { sendToFamily } from './enrollmentMail';
import { familyAddresses } from './families';
import { mailRequestItem } from './mailRequests';
import { takeSendTurn } from './mailPace';
import { switchedOff } from './mailPreferences';
import { mailSite } from './mailSite';
import {
  deliveryKey,
  getMessage,
  messageKey,
  type DeliveryStatus,
  type StoredDelivery,
  type StoredMessage,
} from './messages';
import { announcementContent, classNoticeContent, type MailSite } from '../shared/notices';

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
export function contentFor(
  message: StoredMessage,
  delivery: Pick<StoredDelivery, 'children'>,
  site: MailSite,
  classes: Map<string, Class>,
): MailContent | undefined {
  if (message.topic === 'announcement')
    return announcementContent(
      { subject: message.subject, text: message.text ?? '', children: delivery.children, where: message.where ?? '' },
      site,
    );
  const cls = classes.get(message.classIds[0]!);
  if (!cls) return undefined;
  const { changes, meeting, note } = message;
  return classNoticeContent(
    message.topic,
    {
      cls,
      children: delivery.children,
      ...(changes && { changes }),
      ...(meeting && { meeting }),
      ...(note && { note }),
    },
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
  const [site, classes] = await Promise.all([
    mailSite(),
    message.topic === 'announcement' ? new Map<string, Class>() : classesNow(message.classIds),
  ]);
  const pending = await deliveriesOf(messageId, 'pending');
  const familyIds = pending.map((delivery) => delivery.familyId);
  const [addresses, off] = await Promise.all([
    familyAddresses(familyIds),
    message.topic === 'announcement' ? switchedOff(familyIds, 'announcements') : new Set<string>(),
  ]);
  for (const delivery of pending) {
    if (!(await takeSendTurn(timeLeftMs))) return 'more';
    if (!(await claim(delivery, new Date().toISOString()))) continue;
    if (off.has(delivery.familyId)) {
      await settle(delivery, 'skipped', 'The family switched messages off');
      continue;
    }
    const to = addresses.get(delivery.familyId) ?? [];
    const content = contentFor(message, delivery, site, classes);
    if (to.length === 0 || !content) {
      await settle(delivery, 'skipped', to.length === 0 ? 'No e-mail address on file' : 'The class is gone');
      continue;
    }
    try {
      if ((await sendToFamily(to, content, site)).length > 0) await settle(delivery, 'sent');
      else await settle(delivery, 'skipped', 'The address does not receive mail (it bounced, or its owner complained)');
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
