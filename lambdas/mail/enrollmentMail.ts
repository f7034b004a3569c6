// The e-mail a family gets when a child's enrollment changes (enrolled, waitlisted, promoted, cancelled,
// moved), or a reminder before a class starts: the mailer hands it a mail request; it goes to the guardians
// who receive that kind of e-mail (mailPreferences.ts); the names, meetings and waitlist positions are read as they
// are now, in one strongly consistent read with the request itself.
import { offerHoursOf } from '../contract/records';
import { classEntity, toClass } from '../catalogue/classes';
import { waitlistPosition } from '../enrollment/enrollments';
import { groupEntity } from '../catalogue/groups';
import { takeSendTurn } from './mailPace';
import { MailRefused, mailRequestEntity, noteMailSent, type StudentMailRequest } from '../platform/mailRequests';
import { familyReaders, type Recipient } from './mailPreferences';
import type { AccountLanguage } from '../contract/languages';
import { mailSite } from './mailSite';
import { getSemester } from '../catalogue/semesters';
import type { NoticeClass, StudentNotice } from './notices';
import { studentNoticeIn } from './spanishNotices';
import { studentEntity, studentName } from '../families/students';
import { suppressionsOf } from './suppressions';
import { itemsAt, type Item, type Key } from '../platform/dynamo';
import type { MailContent, MailFrame } from '../contract/mail/mailBlocks';
import { renderMail } from '../contract/mail/mailRender';
import { logger } from '../platform/logger';
import { refusedForGood, sendMail } from './mail';

/** `no turn`: some addresses got no turn at SES's pace within the run's time (the stream tries again). */
export type NoticeOutcome = 'sent' | 'nobody to write to' | 'already sent' | 'no turn';

/** How a family's e-mail went for one address: `skipped` when it does not receive mail (suppressions.ts). */
export type AddressOutcome = { address: string } & (
  | { status: 'sent' | 'skipped' }
  | { status: 'failed'; error: Error }
);

/** Where a family's e-mail keeps which addresses it went to, so that no try again writes to one twice. */
export interface AddressJournal {
  /** Takes the address for this run before it is written to; false when another run has it, or had it. */
  claim?(address: string): Promise<boolean>;
  /** Notes how it went, before the next address. */
  note(outcome: AddressOutcome): Promise<void>;
}

/** An address an e-mail goes to: in English, or a guardian in their account's language. */
export type Addressee = string | Recipient;

/** An e-mail's content: one for every reader, or written in the reader's language. */
export type LocalizedContent = MailContent | ((language: AccountLanguage) => MailContent);

/**
 * Sends an e-mail of the programme to each of these addresses of a family on its own, framed and with
 * replies going to the contact, so that SES refusing one refuses no other, and each in its reader's language
 * (content written per language: once for each language asked). Each takes its turn at SES's pace
 * while `timeLeftMs` allows (`unfinished`: some got none); one that does not receive mail is skipped.
 */
export async function sendToFamily(
  addressees: Addressee[],
  content: LocalizedContent,
  frame: MailFrame,
  journal: AddressJournal,
  timeLeftMs: () => number,
): Promise<{ outcomes: AddressOutcome[]; unfinished: boolean }> {
  const readers = addressees.map((to): Recipient => (typeof to === 'string' ? { email: to, language: 'en' } : to));
  const suppressed = await suppressionsOf(readers.map((reader) => reader.email));
  const rendered = new Map<AccountLanguage, ReturnType<typeof renderMail>>();
  const mailIn = (language: AccountLanguage) => {
    let mail = rendered.get(language);
    if (!mail) {
      const written = typeof content === 'function' ? content(language) : content;
      mail = renderMail(written, frame, typeof content === 'function' ? language : 'en');
      rendered.set(language, mail);
    }
    return { ...mail, ...(frame.contactEmail && { replyTo: frame.contactEmail }) };
  };
  const outcomes: AddressOutcome[] = [];
  for (const { email: address, language } of readers) {
    const receives = !suppressed.has(address.toLowerCase());
    if (receives && !(await takeSendTurn(timeLeftMs))) return { outcomes, unfinished: true };
    if (journal.claim && !(await journal.claim(address))) continue;
    const outcome: AddressOutcome = receives
      ? await sendMail({ to: [address], ...mailIn(language) }).then(
          () => ({ address, status: 'sent' as const }),
          (error: Error) => ({ address, status: 'failed' as const, error }),
        )
      : { address, status: 'skipped' };
    await journal.note(outcome);
    outcomes.push(outcome);
  }
  return { outcomes, unfinished: false };
}

/**
 * Sends a mail request's e-mail (`request`: its stored item) to the family's addresses it has not reached
 * yet, noting on the request each it reaches (after `settled`, what else an address sent or skipped
 * changes). When SES refuses some, the others are sent first and the failure thrown names those alone
 * (noteMailFailure keeps them): the stream's next try writes only to them, unless SES refused each for good.
 */
export async function sendRequestMail(
  requestKey: Key,
  request: Item,
  to: Addressee[],
  content: LocalizedContent,
  frame: MailFrame,
  timeLeftMs: () => number,
  settled?: (outcome: AddressOutcome) => Promise<void>,
): Promise<NoticeOutcome> {
  const { sentTo = [] } = mailRequestEntity.read(request);
  const note = async (outcome: AddressOutcome) => {
    if (outcome.status === 'failed') return;
    await settled?.(outcome);
    if (outcome.status === 'sent') await noteMailSent(requestKey, outcome.address);
  };
  const { outcomes, unfinished } = await sendToFamily(
    to.filter((addressee) => !sentTo.includes(typeof addressee === 'string' ? addressee : addressee.email)),
    content,
    frame,
    { note },
    timeLeftMs,
  );
  const refused = outcomes.flatMap((outcome) => (outcome.status === 'failed' ? [outcome] : []));
  if (refused.length)
    throw new MailRefused(
      refused.map((outcome) => outcome.address),
      refused.map((outcome) => outcome.error),
      refused.every((outcome) => refusedForGood(outcome.error)),
    );
  if (unfinished) return 'no turn';
  return sentTo.length || outcomes.some((outcome) => outcome.status === 'sent') ? 'sent' : 'nobody to write to';
}

/**
 * Sends the e-mail a student's mail request asks for. The request is read with everything its e-mail tells
 * in one strongly consistent read: when it is gone, its e-mail was sent already (a stream may deliver a
 * record again).
 */
export async function sendNotice(
  requestKey: Key,
  request: StudentMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const student = studentEntity.key({ familyId: request.familyId, id: request.studentId });
  const group = request.groupId ? [groupEntity.key({ id: request.groupId })] : [];
  const from = request.fromClassId ? [classEntity.key({ id: request.fromClassId })] : [];
  const classKey = (id: string) => classEntity.key({ id });
  const [at, addresses, site] = await Promise.all([
    itemsAt([requestKey, student, ...group, ...from, ...request.classIds.map(classKey)], { ConsistentRead: true }),
    familyReaders([request.familyId], request.kind === 'reminder' ? 'reminders' : 'enrollmentChanges'),
    mailSite(),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const to = addresses.get(request.familyId) ?? [];
  if (request.kind === 'reminder' && to.length === 0) {
    logger.info('Reminder not sent: the family switched reminders off.', { familyId: request.familyId });
    return 'nobody to write to';
  }
  const child = studentEntity.readIf(at(student));
  if (to.length === 0 || !child) {
    logger.warn('Nobody to write to: the family or the student is gone, or no e-mail is on file.', {
      familyId: request.familyId,
    });
    return 'nobody to write to';
  }
  const groupRecord = group[0] && groupEntity.readIf(at(group[0]));
  const fromClass = from[0] && classEntity.readIf(at(from[0]));
  const classes = request.classIds.flatMap((classId): NoticeClass[] => {
    const cls = classEntity.readIf(at(classKey(classId)));
    if (!cls) return [];
    const position = waitlistPosition(cls, request.studentId);
    const waiting = request.kind === 'waitlisted' || request.kind === 'moved';
    return [{ cls: toClass(cls), ...(waiting && position !== undefined && { waitlistPosition: position }) }];
  });
  // A child waiting in a semester whose freed seats are offered is told how an offer goes.
  const semesterId = classes[0]?.cls.semesterId;
  const offerHours =
    request.kind === 'waitlisted' && semesterId ? offerHoursOf(await getSemester(semesterId)) : undefined;
  const facts: StudentNotice = {
    kind: request.kind,
    studentName: studentName(child),
    ...(groupRecord && { groupName: groupRecord.name }),
    ...(fromClass && { fromClassName: toClass(fromClass).name }),
    ...(request.offerExpiresAt && { offerExpiresAt: request.offerExpiresAt }),
    ...(offerHours && { offerHours }),
    classes,
  };
  // Each guardian reads it in their own language (their account's).
  const content = (language: AccountLanguage) => studentNoticeIn(language, facts, site);
  const outcome = await sendRequestMail(requestKey, stored, to, content, site, timeLeftMs);
  if (outcome === 'nobody to write to')
    logger.warn("Not sent: the family's addresses do not receive mail (bounced or complained).", {
      familyId: request.familyId,
    });
  return outcome;
}
