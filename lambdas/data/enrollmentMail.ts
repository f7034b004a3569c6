// The e-mail a family gets when a child's enrollment changes (enrolled, waitlisted, promoted, cancelled,
// moved), or a reminder before a class starts: the mailer hands it a mail request; it goes to the guardians
// who receive that kind of e-mail (mailPreferences.ts); the names, meetings and waitlist positions are read as they
// are now, in one strongly consistent read with the request itself.
import { offerHoursOf } from '../records';
import { classEntity, toClass } from './classes';
import { waitlistPosition } from './enrollments';
import { groupEntity } from './groups';
import type { StudentMailRequest } from './mailRequests';
import { familyRecipients } from './mailPreferences';
import { mailSite } from './mailSite';
import { getSemester } from './semesters';
import { studentNoticeContent, type NoticeClass } from '../shared/notices';
import { studentEntity, studentName } from './students';
import { suppressionsOf } from './suppressions';
import { itemsAt, type Key } from '../shared/dynamo';
import type { MailContent, MailFrame } from '../shared/mailBlocks';
import { renderMail } from '../shared/mailRender';
import { logger } from '../shared/logger';
import { sendMail } from '../shared/mail';

export type NoticeOutcome = 'sent' | 'nobody to write to' | 'already sent';

/**
 * Sends an e-mail of the programme to a family's addresses, framed and with replies going to the contact,
 * leaving out the addresses that do not receive mail (suppressions.ts). The addresses it went to.
 */
export async function sendToFamily(to: string[], content: MailContent, frame: MailFrame): Promise<string[]> {
  const suppressed = await suppressionsOf(to);
  const receiving = to.filter((address) => !suppressed.has(address.toLowerCase()));
  if (receiving.length === 0) return [];
  const mail = renderMail(content, frame);
  await sendMail({ to: receiving, ...mail, ...(frame.contactEmail && { replyTo: frame.contactEmail }) });
  return receiving;
}

/**
 * Sends the e-mail a student's mail request asks for. The request is read with everything its e-mail tells
 * in one strongly consistent read: when it is gone, its e-mail was sent already (a stream may deliver a
 * record again).
 */
export async function sendNotice(requestKey: Key, request: StudentMailRequest): Promise<NoticeOutcome> {
  const student = studentEntity.key({ familyId: request.familyId, id: request.studentId });
  const group = request.groupId ? [groupEntity.key({ id: request.groupId })] : [];
  const from = request.fromClassId ? [classEntity.key({ id: request.fromClassId })] : [];
  const classKey = (id: string) => classEntity.key({ id });
  const [at, addresses, site] = await Promise.all([
    itemsAt([requestKey, student, ...group, ...from, ...request.classIds.map(classKey)], { ConsistentRead: true }),
    familyRecipients([request.familyId], request.kind === 'reminder' ? 'reminders' : 'enrollmentChanges'),
    mailSite(),
  ]);
  if (!at(requestKey)) return 'already sent';
  const to = addresses.get(request.familyId) ?? [];
  if (request.kind === 'reminder' && to.length === 0) {
    logger.info('Reminder not sent: the family switched reminders off.', { familyId: request.familyId });
    return 'nobody to write to';
  }
  const stored = studentEntity.readIf(at(student));
  if (to.length === 0 || !stored) {
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
  const content = studentNoticeContent(
    {
      kind: request.kind,
      studentName: studentName(stored),
      ...(groupRecord && { groupName: groupRecord.name }),
      ...(fromClass && { fromClassName: toClass(fromClass).name }),
      ...(request.offerExpiresAt && { offerExpiresAt: request.offerExpiresAt }),
      ...(offerHours && { offerHours }),
      classes,
    },
    site,
  );
  if ((await sendToFamily(to, content, site)).length === 0) {
    logger.warn("Not sent: the family's addresses do not receive mail (bounced or complained).", {
      familyId: request.familyId,
    });
    return 'nobody to write to';
  }
  return 'sent';
}
