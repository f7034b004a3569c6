// The mail outbox: a change writes a mail request in its own transaction, so its e-mail is never lost and
// never holds up the answer; the mailer (a stream consumer) sends it and removes it. `MAIL#id / MAIL`;
// once a send failed, GSI1 lists it (`MAIL#FAILED`, oldest failure first).
// A request is about one child (an enrollment changed), about a class (closed, changed: one e-mail to each
// family in it), or asks the mailer to go on sending a message to many families. Its e-mail goes to each of
// the family's addresses on its own: the addresses it reached are noted on it (`sentTo`), so a try again
// writes only to those SES refused (`failedTo`).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, type Key } from './dynamo';
import { transactWrite, type TransactItem } from './transact';
import type { FailedMail, NoticeKind } from '../contract/mailRecords';
import { entity, optional, StoredItem } from './entity';

export interface StudentMailRequest {
  kind: NoticeKind;
  familyId: string;
  studentId: string;
  /** The classes of the enrollment: one, or each class of the group. */
  classIds: string[];
  groupId?: string;
  /** The class a moved student left. */
  fromClassId?: string;
  /** Until when the seat offered is held (offered). */
  offerExpiresAt?: string;
}

/** What changed about a class after families enrolled: each family in it is told once. */
export interface ClassMailRequest {
  kind: 'classClosed' | 'classChanged' | 'meetingCancelled';
  classId: string;
  /** What changed, in a parent's words (classChanged). */
  changes?: string[];
  /** The same changes in Spanish (issue 34), for the guardians who read it. */
  changesEs?: string[];
  /** The meeting cancelled, and the administrator's word on why (meetingCancelled). */
  meeting?: { date: string; start: string; end: string };
  note?: string;
  /** The note in Spanish, when the administrator gave one (for a guardian reading Spanish). */
  es?: { note?: string };
}

/**
 * Go on sending a message to the families it is for (from where the last run stopped); with `recipient`,
 * send it again to that one address of a family, which SES refused (messageSending.ts).
 */
interface MessageMailRequest {
  kind: 'message';
  messageId: string;
  recipient?: MessageRecipient;
}

export interface MessageRecipient {
  familyId: string;
  email: string;
}

/** An adult invited to be a guardian of a family (guardians.ts): the e-mail with the invitation's link. */
export interface InvitationMailRequest {
  kind: 'invitation';
  familyId: string;
  invitationId: string;
  /** The link's secret: only its hash is on the invitation, and this request goes once it is sent. */
  token: string;
}

/** A family's results in a semester's published lottery draw: one e-mail, every child's outcome. */
export interface LotteryMailRequest {
  kind: 'lotteryResults';
  familyId: string;
  semesterId: string;
}

/** A family's report that its child will miss a meeting (attendance.ts): the family's confirmation. */
export interface AbsenceMailRequest {
  kind: 'absenceReported';
  familyId: string;
  studentId: string;
  classId: string;
  /** The meeting's day (YYYY-MM-DD), and the family's note as it was reported. */
  date: string;
  note: string;
}

/** A child checked out on the class day (attendance.ts): the family's e-mail, with the mark's facts. */
export interface CheckOutMailRequest {
  kind: 'checkedOut';
  familyId: string;
  studentId: string;
  classId: string;
  /** When by the instructor's phone, to whom, and why and flagged when not on the child's pick-up list. */
  at: string;
  pickedUpBy: string;
  reason?: string;
  flagged?: true;
}

/** A child still checked in after its meeting ended (stillCheckedIn.ts): the office's alarm. */
export interface StillCheckedInMailRequest {
  kind: 'stillCheckedIn';
  classId: string;
  /** The meeting's day (YYYY-MM-DD). */
  date: string;
  studentId: string;
  /** The child's family, when the child still holds its seat. */
  familyId?: string;
}

/** A person invited to teach (instructors.ts): the e-mail that tells them how to accept. */
export interface InstructorInvitationMailRequest {
  kind: 'instructorInvitation';
  email: string;
}

export type MailRequest =
  | StudentMailRequest
  | ClassMailRequest
  | MessageMailRequest
  | InvitationMailRequest
  | LotteryMailRequest
  | AbsenceMailRequest
  | CheckOutMailRequest
  | StillCheckedInMailRequest
  | InstructorInvitationMailRequest;

export const isStudentRequest = (request: MailRequest): request is StudentMailRequest =>
  (studentKinds as string[]).includes(request.kind);

/** A request as stored: what to send, when it was asked for, and how its sending went. */
export type StoredMailRequest = MailRequest & {
  /** The request's own id: its key's, not an attribute of the item. */
  id: string;
  requestedAt: string;
  /** Set by each failed send. */
  failures?: number;
  failedAt?: string;
  lastError?: string;
  /** The addresses its e-mail went to already: a try again leaves them out. */
  sentTo?: string[];
  /** The addresses its last failed send was refused for (the others got it). */
  failedTo?: string[];
  /** SES refused it for good (mail.ts): the stream tries it no more, it waits for "Send again" from then. */
  refusedForGood?: boolean;
  /** Set on the copy that sends a failed request again. */
  resends?: number;
  resentAt?: string;
};

const MAIL_PARTITION = 'MAIL#';

/** The request's own id (its key without the prefix). */
export const mailRequestId = (key: Pick<Key, 'PK'>) => key.PK.slice(MAIL_PARTITION.length);

const classKinds = ['classClosed', 'classChanged', 'meetingCancelled'] as const satisfies ReadonlyArray<
  ClassMailRequest['kind']
>;
const isClassKind = (kind: string): kind is ClassMailRequest['kind'] =>
  (classKinds as readonly string[]).includes(kind);
export const isClassRequest = (request: MailRequest): request is ClassMailRequest => isClassKind(request.kind);
// Every kind of notice about a child: the record's type makes sure none is missing.
const studentKinds = Object.keys({
  enrolled: true,
  waitlisted: true,
  promoted: true,
  cancelled: true,
  cancelledByAdmin: true,
  moved: true,
  movedAsAsked: true,
  offered: true,
  offerLapsed: true,
  reminder: true,
} satisfies Record<NoticeKind, true>) as NoticeKind[];

/** A meeting as a class's notice names it. */
export const readMeetingTime = (meeting: StoredItem) => ({
  date: meeting.string('date'),
  start: meeting.string('start'),
  end: meeting.string('end'),
});

const readRecipient = (recipient: StoredItem): MessageRecipient => ({
  familyId: recipient.string('familyId'),
  email: recipient.string('email'),
});

/** What a request asks for, by its kind. */
function requestOf(item: StoredItem): MailRequest {
  const kind = item.oneOf('kind', [
    'message',
    'invitation',
    'lotteryResults',
    'absenceReported',
    'checkedOut',
    'stillCheckedIn',
    'instructorInvitation',
    ...classKinds,
    ...studentKinds,
  ]);
  if (kind === 'message')
    return {
      kind,
      messageId: item.string('messageId'),
      ...optional('recipient', item.item.recipient === undefined ? undefined : readRecipient(item.nested('recipient'))),
    };
  if (kind === 'lotteryResults')
    return { kind, familyId: item.string('familyId'), semesterId: item.string('semesterId') };
  if (kind === 'absenceReported')
    return {
      kind,
      familyId: item.string('familyId'),
      studentId: item.string('studentId'),
      classId: item.string('classId'),
      date: item.string('date'),
      note: item.string('note'),
    };
  if (kind === 'checkedOut')
    return {
      kind,
      familyId: item.string('familyId'),
      studentId: item.string('studentId'),
      classId: item.string('classId'),
      at: item.string('at'),
      pickedUpBy: item.string('pickedUpBy'),
      ...optional('reason', item.optionalString('reason')),
      ...(item.item.flagged === true && { flagged: true as const }),
    };
  if (kind === 'stillCheckedIn')
    return {
      kind,
      classId: item.string('classId'),
      date: item.string('date'),
      studentId: item.string('studentId'),
      ...optional('familyId', item.optionalString('familyId')),
    };
  if (kind === 'instructorInvitation') return { kind, email: item.string('email') };
  if (kind === 'invitation')
    return {
      kind,
      familyId: item.string('familyId'),
      invitationId: item.string('invitationId'),
      token: item.string('token'),
    };
  if (isClassKind(kind)) {
    return {
      kind,
      classId: item.string('classId'),
      ...optional('changes', item.item.changes === undefined ? undefined : item.strings('changes')),
      ...optional('changesEs', item.item.changesEs === undefined ? undefined : item.strings('changesEs')),
      ...optional('meeting', item.item.meeting === undefined ? undefined : readMeetingTime(item.nested('meeting'))),
      ...optional('note', item.optionalString('note')),
      ...optional('es', item.spanish(['note'])),
    };
  }
  return {
    kind,
    familyId: item.string('familyId'),
    studentId: item.string('studentId'),
    classIds: item.strings('classIds'),
    ...optional('groupId', item.optionalString('groupId')),
    ...optional('fromClassId', item.optionalString('fromClassId')),
    ...optional('offerExpiresAt', item.optionalString('offerExpiresAt')),
  };
}

export const mailRequestEntity = entity<StoredMailRequest, Pick<StoredMailRequest, 'id'>, 'failed'>({
  type: 'mail',
  key: { partition: ({ id }) => `${MAIL_PARTITION}${id}`, sort: 'MAIL' },
  lists: {
    failed: {
      index: 'GSI1',
      partition: () => 'MAIL#FAILED',
      sort: { prefix: '', of: ({ failedAt, id }) => `${failedAt}#${id}` },
      when: ({ failedAt }) => failedAt !== undefined,
    },
  },
  read: (item) => ({
    ...requestOf(item),
    id: mailRequestId({ PK: item.string('PK') }),
    requestedAt: item.string('requestedAt'),
    ...optional('failures', item.optionalNumber('failures')),
    ...optional('failedAt', item.optionalString('failedAt')),
    ...optional('lastError', item.optionalString('lastError')),
    ...optional('sentTo', item.item.sentTo === undefined ? undefined : item.strings('sentTo')),
    ...optional('failedTo', item.item.failedTo === undefined ? undefined : item.strings('failedTo')),
    ...(item.boolean('refusedForGood') && { refusedForGood: true }),
    ...optional('resends', item.optionalNumber('resends')),
    ...optional('resentAt', item.optionalString('resentAt')),
  }),
  write: ({ id: _inTheKey, ...request }) => request,
});

/** A new request, written in the transaction of the change it tells. */
export function mailRequestPut(request: MailRequest, now: string): TransactItem {
  return mailRequestEntity.putItem({ ...request, id: randomUUID(), requestedAt: now });
}

/** A new request, written on its own. */
export async function requestMail(request: MailRequest, now: string): Promise<void> {
  await mailRequestEntity.put({ ...request, id: randomUUID(), requestedAt: now });
}

/** Removes a request the mailer is done with, in the transaction that hands its work on (while it is there). */
export function mailRequestDelete(key: Key): TransactItem {
  return mailRequestEntity.deleteItem({ id: mailRequestId(key) }, { condition: 'attribute_exists(PK)' });
}

export async function removeMailRequest(key: Key): Promise<void> {
  await mailRequestEntity.delete({ id: mailRequestId(key) });
}

/** Notes an address the request's e-mail went to (while the request is there). */
export async function noteMailSent(key: Key, address: string): Promise<void> {
  await mailRequestEntity.updateIfThere(
    { id: mailRequestId(key) },
    {
      setClauses: ['sentTo = list_append(if_not_exists(sentTo, :none), :address)'],
      values: { ':none': [], ':address': [address] },
    },
  );
}

/** Whether the request is still there (not done by an earlier delivery of its stream record). */
export async function mailRequestExists(key: Key): Promise<boolean> {
  return (await mailRequestEntity.get({ id: mailRequestId(key) })) !== undefined;
}

/**
 * Sends the stream tries for one request that fails in a way that may pass (throttled, SES or the table
 * unreachable) before it is kept for an administrator to send again.
 */
const MAX_SEND_ATTEMPTS = 5;

/**
 * SES refused (or failed) an e-mail for some of the family's addresses, each sent on its own (the others got
 * it): its answers, which name those addresses alone. `forGood`: each a refusal no try again gets through.
 */
export class MailRefused extends Error {
  constructor(
    readonly addresses: string[],
    errors: Error[],
    readonly forGood: boolean,
  ) {
    super(errors.map((error) => error.message).join(' '));
    this.name = errors[0]?.name ?? 'MailRefused';
  }
}

/**
 * Notes a failed send on the request, which puts it on the list of failed mail (the stream's record stays an
 * INSERT: this update does not run the mailer again). True when SES refused it for good, or it failed
 * MAX_SEND_ATTEMPTS times: the stream gives up on it, the table keeps it.
 */
export async function noteMailFailure(key: Key, error: unknown, now = new Date().toISOString()): Promise<boolean> {
  const id = mailRequestId(key);
  const forGood = error instanceof MailRefused && error.forGood;
  try {
    const { Attributes } = await dynamo.send(
      new UpdateCommand({
        ...mailRequestEntity.update(
          { id },
          {
            set: {
              failedAt: now,
              lastError: errorText(error),
              ...(error instanceof MailRefused && { failedTo: error.addresses }),
              ...(forGood && { refusedForGood: true }),
              ...mailRequestEntity.listKeys('failed', { id, failedAt: now }),
            },
            ...(!(error instanceof MailRefused) && { remove: ['failedTo'] }),
            add: { failures: 1 },
            condition: 'attribute_exists(PK)',
          },
        ),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return forGood || new StoredItem(Attributes ?? {}).number('failures', 0) >= MAX_SEND_ATTEMPTS;
  } catch (failure) {
    // Gone meanwhile: sent by another delivery of the record.
    if ((failure as Error).name === 'ConditionalCheckFailedException') return true;
    throw failure;
  }
}

/**
 * A message's e-mail to one address of a family, which SES refused in the run that sent the message: a new
 * request to send it again, with that first failure noted, so it is listed at once; the stream tries it again
 * like any other, unless SES refused it for good (`forGood`): then it waits for "Send again" at once.
 */
export function refusedRecipientPut(
  messageId: string,
  recipient: MessageRecipient,
  error: unknown,
  forGood: boolean,
  now: string,
) {
  return mailRequestEntity.putItem({
    kind: 'message',
    messageId,
    recipient,
    id: randomUUID(),
    requestedAt: now,
    failures: 1,
    failedAt: now,
    lastError: errorText(error),
    failedTo: [recipient.email],
    ...(forGood && { refusedForGood: true }),
  });
}

const errorText = (error: unknown) =>
  `${(error as Error).name ?? 'Error'}: ${(error as Error).message ?? String(error)}`.slice(0, 500);

/** Every mail request that failed at least once and is not sent yet, oldest failure first. */
export async function failedMail(): Promise<FailedMail[]> {
  return (await mailRequestEntity.inList('failed', {})).map((request) => ({
    id: request.id,
    kind: request.kind,
    requestedAt: request.requestedAt,
    failedAt: request.failedAt ?? '',
    failures: request.failures ?? 0,
    lastError: request.lastError ?? '',
    waiting: request.refusedForGood === true || (request.failures ?? 0) >= MAX_SEND_ATTEMPTS,
    resends: request.resends ?? 0,
    ...(isStudentRequest(request) && { familyId: request.familyId, classIds: request.classIds }),
    ...(isClassRequest(request) && { classIds: [request.classId] }),
    ...((request.kind === 'invitation' || request.kind === 'lotteryResults') && { familyId: request.familyId }),
    ...((request.kind === 'absenceReported' || request.kind === 'checkedOut') && {
      familyId: request.familyId,
      classIds: [request.classId],
    }),
    ...(request.kind === 'stillCheckedIn' && { classIds: [request.classId] }),
    ...(request.kind === 'message' && { messageId: request.messageId }),
    ...(request.kind === 'message' && request.recipient && { familyId: request.recipient.familyId }),
    ...(request.failedTo && { failedTo: request.failedTo }),
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
    const stored = await mailRequestEntity.get({ id: failed.id });
    if (!stored) continue;
    const {
      id,
      failures,
      failedAt: _failedAt,
      lastError: _lastError,
      failedTo: _failedTo,
      refusedForGood: _refusedForGood,
      resends = 0,
      ...request
    } = stored;
    const outcome = await transactWrite([
      mailRequestEntity.deleteItem({ id }, { condition: 'failures = :seen', values: { ':seen': failures ?? 0 } }),
      mailRequestEntity.putItem({ ...request, id: randomUUID(), resends: resends + 1, resentAt: now }),
    ]);
    if (outcome.committed) resent += 1;
  }
  return resent;
}
