// Sending a message (messages.ts): the pending deliveries one family at a time at SES's pace, each claimed
// first by a conditional write, settled and counted on the message together; the rest handed to the next
// run. Apart from messages.ts so that the functions that only write or list messages carry no renderer.
import type { Class } from '../records';
import type { Key } from '../shared/dynamo';
import type { MailContent } from '../shared/mailBlocks';
import { transactWrite } from '../shared/transact';
import { classesNow } from './classes';
import { sendToFamily } from './enrollmentMail';
import { mailRequestDelete, mailRequestPut } from './mailRequests';
import { takeSendTurn } from './mailPace';
import { familyGuardians } from './families';
import { recipientsOf } from './mailPreferences';
import { mailSite } from './mailSite';
import {
  deliveryEntity,
  getMessage,
  messageEntity,
  type DeliveryStatus,
  type StoredDelivery,
  type StoredMessage,
} from './messages';
import { announcementContent, classNoticeContent, type MailSite } from '../shared/notices';

function deliveriesOf(messageId: string, status: DeliveryStatus): Promise<StoredDelivery[]> {
  return deliveryEntity.inPartition({ messageId }, { where: { status } });
}

/** The delivery's update while it still has the status this run saw. */
const whileStatus = (status: DeliveryStatus) => ({
  condition: '#status = :seen',
  names: { '#status': 'status' },
  values: { ':seen': status },
});

/** Claims a pending delivery for this run; false when another run has it (or it is done). */
function claim(delivery: StoredDelivery, now: string): Promise<boolean> {
  return deliveryEntity.tryUpdate(delivery, { set: { status: 'sending', claimedAt: now }, ...whileStatus('pending') });
}

/** Settles a claimed delivery and counts it on its message, together. */
async function settle(delivery: StoredDelivery, status: 'sent' | 'failed' | 'skipped', reason?: string) {
  await transactWrite([
    deliveryEntity.updateItem(delivery, {
      set: { status, at: new Date().toISOString(), ...(reason && { reason }) },
      ...whileStatus('sending'),
    }),
    messageEntity.updateItem({ id: delivery.messageId }, { add: { [status]: 1 } }),
  ]);
}

/** What one family reads (undefined when the class it is about is gone). */
function contentFor(
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
  // An announcement goes to the guardians who receive messages; a class's notice to those who receive
  // enrollment changes (always at least one).
  const kind = message.topic === 'announcement' ? 'announcements' : 'enrollmentChanges';
  const guardians = await familyGuardians(pending.map((delivery) => delivery.familyId));
  for (const delivery of pending) {
    if (!(await takeSendTurn(timeLeftMs))) return 'more';
    if (!(await claim(delivery, new Date().toISOString()))) continue;
    const family = guardians.get(delivery.familyId) ?? [];
    const to = recipientsOf(family, kind).map((guardian) => guardian.email);
    if (family.length > 0 && to.length === 0) {
      await settle(delivery, 'skipped', 'The family switched messages off');
      continue;
    }
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
  await messageEntity.tryUpdate({ id: messageId }, { set: { status: 'sent', finishedAt: new Date().toISOString() } });
  return 'done';
}

/** Hands the rest of a message to the next run: a new mail request in place of this one, in one transaction. */
export async function continueMessage(requestKey: Key, messageId: string) {
  await transactWrite([
    mailRequestDelete(requestKey),
    mailRequestPut({ kind: 'message', messageId }, new Date().toISOString()),
  ]);
}
