// Sending a message (messages.ts): the pending deliveries one family at a time, each claimed first by a
// conditional write; the family's e-mail goes to each of its addresses on its own at SES's pace (SES refusing
// one refuses no other), each address claimed on the delivery before it is written to, and settled and
// counted on the message together (a refused one with the mail request that sends it again, alone); the rest
// handed to the next run. Apart from messages.ts so that the functions that only write or list messages carry
// no renderer.
import type { Class } from '../contract/records';
import { itemsAt, type Key } from '../platform/dynamo';
import { transactWrite, type TransactItem } from '../platform/transact';
import { classesNow } from '../catalogue/classes';
import {
  sendRequestMail,
  sendToFamily,
  type AddressJournal,
  type LocalizedContent,
  type NoticeOutcome,
} from './enrollmentMail';
import {
  mailRequestDelete,
  mailRequestPut,
  refusedRecipientPut,
  type MessageRecipient,
} from '../platform/mailRequests';
import { familyGuardians, type Guardian } from '../families/families';
import { recipientsOf, type MailKind, type Recipient } from './mailPreferences';
import type { AccountLanguage } from '../contract/languages';
import { spanishAnnouncement, spanishClassNotice } from './spanishMessages';
import { optional } from '../platform/entity';
import { refusedForGood } from './mail';
import { mailSite, type PortalMailSite } from './mailSite';
import {
  deliveryEntity,
  getMessage,
  messageEntity,
  type AddressStatus,
  type DeliveryStatus,
  type StoredDelivery,
  type StoredMessage,
} from './messages';
import { classNoticeContent } from './notices';
import { announcementContent } from '../contract/mail/announcement';

function deliveriesOf(messageId: string, status: DeliveryStatus): Promise<StoredDelivery[]> {
  return deliveryEntity.inPartition({ messageId }, { where: { status } });
}

/** The delivery's update while it still has the status this run saw (and, with `claimedAt`, the claim). */
const whileStatus = (status: DeliveryStatus, claimedAt?: string) => ({
  condition: `#status = :seen${claimedAt ? ' AND claimedAt = :claimedAt' : ''}`,
  names: { '#status': 'status' },
  values: { ':seen': status, ...(claimedAt && { ':claimedAt': claimedAt }) },
});

/** Claims a pending delivery for this run; false when another run has it (or it is done). */
function claim(delivery: StoredDelivery, now: string): Promise<boolean> {
  const pending = whileStatus('pending');
  return deliveryEntity.tryUpdate(delivery, {
    set: { status: 'sending', claimedAt: now },
    setClauses: ['#addresses = if_not_exists(#addresses, :none)'],
    condition: pending.condition,
    names: { ...pending.names, '#addresses': 'addresses' },
    values: { ...pending.values, ':none': {} },
  });
}

/** Hands a claimed delivery back to the next run: the addresses it reached stay done. */
function release(delivery: StoredDelivery, claimedAt: string): Promise<boolean> {
  return deliveryEntity.tryUpdate(delivery, { set: { status: 'pending' }, ...whileStatus('sending', claimedAt) });
}

/** Settles a claimed delivery, done with its family, and counts it on its message (with `counts`), together. */
async function settle(
  delivery: StoredDelivery,
  status: DeliveryStatus,
  counts: Record<string, number>,
  reason?: string,
) {
  await transactWrite([
    deliveryEntity.updateItem(delivery, {
      set: { status, at: new Date().toISOString(), ...(reason && { reason }) },
      ...whileStatus('sending'),
    }),
    messageEntity.updateItem({ id: delivery.messageId }, { add: { familiesDone: 1, ...counts } }),
  ]);
}

/** A family with nobody to write to: counted one e-mail not sent. */
const skip = (delivery: StoredDelivery, reason: string) => settle(delivery, 'skipped', { skipped: 1 }, reason);

/**
 * An address of a delivery settled (only from `seen`) and counted on the message, together with `also`; a
 * count moves when an address refused is settled again.
 */
async function settleAddress(
  delivery: StoredDelivery,
  address: string,
  seen: AddressStatus,
  status: AddressStatus,
  also: TransactItem[] = [],
) {
  await transactWrite([
    deliveryEntity.updateItem(delivery, {
      setClauses: ['#addresses.#address = :status'],
      condition: '#addresses.#address = :seen',
      names: { '#addresses': 'addresses', '#address': address },
      values: { ':status': status, ':seen': seen },
    }),
    messageEntity.updateItem(
      { id: delivery.messageId },
      { add: { [status]: 1, ...(seen !== 'sending' && { [seen]: -1 }) } },
    ),
    ...also,
  ]);
}

/** A claimed delivery's addresses: each claimed before it is written to; a refused one kept to send again. */
function addressJournal(delivery: StoredDelivery): AddressJournal {
  const recipient = (email: string): MessageRecipient => ({ familyId: delivery.familyId, email });
  return {
    claim: (address) =>
      deliveryEntity.updateIfThere(delivery, {
        setClauses: ['#addresses.#address = :sending'],
        condition: 'attribute_not_exists(#addresses.#address)',
        names: { '#addresses': 'addresses', '#address': address },
        values: { ':sending': 'sending' },
      }),
    note: (outcome) =>
      settleAddress(
        delivery,
        outcome.address,
        'sending',
        outcome.status,
        outcome.status === 'failed'
          ? [
              refusedRecipientPut(
                delivery.messageId,
                recipient(outcome.address),
                outcome.error,
                refusedForGood(outcome.error),
                new Date().toISOString(),
              ),
            ]
          : [],
      ),
  };
}

/**
 * An announcement goes to the guardians who receive messages; a class's notice to those who receive
 * enrollment changes (always at least one).
 */
const mailKindOf = (message: StoredMessage): MailKind =>
  message.topic === 'announcement' ? 'announcements' : 'enrollmentChanges';

/** A guardian as an e-mail's reader: their address and their language. */
const readerOf = (guardian: Guardian): Recipient => ({ email: guardian.email, language: guardian.language ?? 'en' });

const classesOf = (message: StoredMessage) =>
  message.topic === 'announcement' ? Promise.resolve(new Map<string, Class>()) : classesNow(message.classIds);

/** What one family reads, in each guardian's language (undefined when the class it is about is gone). */
function contentFor(
  message: StoredMessage,
  delivery: Pick<StoredDelivery, 'children'>,
  site: PortalMailSite,
  classes: Map<string, Class>,
): LocalizedContent | undefined {
  if (message.topic === 'announcement') {
    const facts = {
      subject: message.subject,
      text: message.text ?? '',
      children: delivery.children,
      where: message.where ?? '',
    };
    return (language: AccountLanguage) =>
      language === 'es'
        ? spanishAnnouncement({ ...facts, ...optional('es', message.es) }, site)
        : announcementContent(facts, site);
  }
  const cls = classes.get(message.classIds[0]!);
  if (!cls) return undefined;
  const { changes, changesEs, meeting, note, topic, es } = message;
  const facts = { cls, children: delivery.children, ...(meeting && { meeting }), ...(note && { note }) };
  const english = () => classNoticeContent(topic, { ...facts, ...(changes && { changes }) }, site);
  // A class changed before its changes were kept in Spanish too: English for everyone.
  if (topic === 'classChanged' && !changesEs) return english();
  return (language: AccountLanguage) =>
    language === 'es'
      ? spanishClassNotice(
          topic,
          { ...facts, ...(changesEs && { changes: changesEs }), ...(es?.note && { note: es.note }) },
          site,
        )
      : english();
}

/** A claim older than this was made by a run that stopped while sending (a run lasts seconds). */
const STALE_CLAIM_MS = 60_000;

/**
 * A delivery a stopped run left claimed: the address it was writing to may have got the e-mail, so it is
 * counted failed and not sent again by itself; the family's other addresses go to the next run.
 */
async function reopen(stuck: StoredDelivery) {
  for (const [address, status] of Object.entries(stuck.addresses ?? {}))
    if (status === 'sending') await settleAddress(stuck, address, 'sending', 'failed');
  await release(stuck, stuck.claimedAt ?? '');
}

/**
 * Sends the message's pending deliveries, one family at a time, each address at SES's pace, while
 * `timeLeftMs` allows; `more` when some are left for another run.
 */
export async function sendMessage(messageId: string, timeLeftMs: () => number): Promise<'done' | 'more'> {
  const message = await getMessage(messageId);
  if (!message) return 'done';
  const [site, classes] = await Promise.all([mailSite(), classesOf(message)]);
  const pending = await deliveriesOf(messageId, 'pending');
  const guardians = await familyGuardians(pending.map((delivery) => delivery.familyId));
  for (const delivery of pending) {
    const claimedAt = new Date().toISOString();
    if (!(await claim(delivery, claimedAt))) continue;
    const family = guardians.get(delivery.familyId) ?? [];
    const to = recipientsOf(family, mailKindOf(message)).map(readerOf);
    if (family.length > 0 && to.length === 0) {
      await skip(delivery, 'The family switched messages off');
      continue;
    }
    const content = contentFor(message, delivery, site, classes);
    if (to.length === 0 || !content) {
      await skip(delivery, to.length === 0 ? 'No e-mail address on file' : 'The class is gone');
      continue;
    }
    // A delivery handed back (its run had no more turns at SES's pace, or stopped): the addresses it reached are done.
    const done = delivery.addresses ?? {};
    const owed = to.filter((reader) => done[reader.email] === undefined);
    const { outcomes, unfinished } = await sendToFamily(owed, content, site, addressJournal(delivery), timeLeftMs);
    if (unfinished) {
      await release(delivery, claimedAt);
      return 'more';
    }
    const statuses = [...Object.values(done), ...outcomes.map((outcome) => outcome.status)];
    await settle(delivery, statuses.includes('sent') ? 'sent' : statuses.includes('failed') ? 'failed' : 'skipped', {});
  }
  const staleBefore = new Date(Date.now() - STALE_CLAIM_MS).toISOString();
  for (const stuck of await deliveriesOf(messageId, 'sending'))
    if ((stuck.claimedAt ?? '') < staleBefore) await reopen(stuck);
  const [sending, left] = await Promise.all([deliveriesOf(messageId, 'sending'), deliveriesOf(messageId, 'pending')]);
  if (sending.length > 0 || left.length > 0) return 'more';
  await messageEntity.tryUpdate({ id: messageId }, { set: { status: 'sent', finishedAt: new Date().toISOString() } });
  return 'done';
}

/**
 * Sends a message again to one address of a family that SES refused (its mail request, kept like any other):
 * its count on the message moves from failed to sent, or to not sent when the address no longer gets the
 * message (its guardian left the family or switched it off, the class is gone, the address bounced).
 */
export async function sendMessageAgain(
  requestKey: Key,
  messageId: string,
  recipient: MessageRecipient,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const messageKey = messageEntity.key({ id: messageId });
  const deliveryKey = deliveryEntity.key({ messageId, familyId: recipient.familyId });
  const [at, site, guardians] = await Promise.all([
    itemsAt([requestKey, messageKey, deliveryKey], { ConsistentRead: true }),
    mailSite(),
    familyGuardians([recipient.familyId]),
  ]);
  const request = at(requestKey);
  if (!request) return 'already sent';
  const message = messageEntity.readIf(at(messageKey));
  const delivery = deliveryEntity.readIf(at(deliveryKey));
  // Settled meanwhile (a request sent again twice), or the message is gone: nothing is owed.
  if (!message || delivery?.addresses?.[recipient.email] !== 'failed') return 'nobody to write to';
  const family = guardians.get(recipient.familyId) ?? [];
  const reader = recipientsOf(family, mailKindOf(message)).find((guardian) => guardian.email === recipient.email);
  const receives = reader !== undefined;
  const content = receives ? contentFor(message, delivery, site, await classesOf(message)) : undefined;
  if (!content) {
    await settleAddress(delivery, recipient.email, 'failed', 'skipped');
    return 'nobody to write to';
  }
  return sendRequestMail(requestKey, request, [readerOf(reader!)], content, site, timeLeftMs, (outcome) =>
    settleAddress(delivery, outcome.address, 'failed', outcome.status),
  );
}

/** Hands the rest of a message to the next run: a new mail request in place of this one, in one transaction. */
export async function continueMessage(requestKey: Key, messageId: string) {
  await transactWrite([
    mailRequestDelete(requestKey),
    mailRequestPut({ kind: 'message', messageId }, new Date().toISOString()),
  ]);
}
