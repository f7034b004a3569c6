// The class day's e-mails, sent by the mailer from the requests written with what they tell: a family's absence
// report (to the guardians who receive e-mails about enrollment changes), a check-out (to those who chose them; one
// to an adult off the pick-up list as an enrollment change is, always reaching a guardian), a child still checked
// in after its meeting (to the programme's contact address), and an invitation to teach (to the invited address,
// while the invitation still waits: one accepted or cancelled meanwhile is not sent).
import { itemsAt, type Key } from '../platform/dynamo';
import { optional } from '../platform/entity';
import { logger } from '../platform/logger';
import type {
  AbsenceMailRequest,
  CheckOutMailRequest,
  InstructorInvitationMailRequest,
  StillCheckedInMailRequest,
} from '../platform/mailRequests';
import { inOrderMade } from '../contract/classDay';
import { meetingEvents } from '../instructors/attendance';
import { STILL_OUT_MINUTES } from '../instructors/stillCheckedIn';
import { classEntity, getClasses, toClass } from '../catalogue/classes';
import { studentEntity, studentName } from '../families/students';
import { waitingInvitation } from '../instructors/instructors';
import { absenceContent, checkOutContent, instructorInvitationContent, stillCheckedInContent } from './classDayNotices';
import { sendRequestMail, type NoticeOutcome } from './enrollmentMail';
import { familyReaders } from './mailPreferences';
import type { AccountLanguage } from '../contract/languages';
import { spanishAbsence, spanishCheckOut } from './spanishClassDay';
import { mailSite } from './mailSite';

/** The page of the site where an invited person accepts to teach (the web app's route). */
const ACCEPT_TEACHING_PATH = '/instructor/invitation';

/**
 * The child, the class and the addresses of a family's e-mail about its child in a class, read with its request:
 * or why it is not sent (sent already; nobody to write to, `unsent` logged with the family).
 */
async function childInClass(
  requestKey: Key,
  request: AbsenceMailRequest | CheckOutMailRequest,
  kind: 'enrollmentChanges' | 'checkOuts',
  unsent: string,
) {
  const studentKey = studentEntity.key({ familyId: request.familyId, id: request.studentId });
  const classKey = classEntity.key({ id: request.classId });
  const [at, addresses, site] = await Promise.all([
    itemsAt([requestKey, studentKey, classKey], { ConsistentRead: true }),
    familyReaders([request.familyId], kind),
    mailSite(),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const child = studentEntity.readIf(at(studentKey));
  const cls = classEntity.readIf(at(classKey));
  const to = addresses.get(request.familyId) ?? [];
  if (to.length === 0 || !child || !cls) {
    logger.info(unsent, { familyId: request.familyId });
    return 'nobody to write to';
  }
  return { stored, site, to, child: studentName(child), cls: toClass(cls) };
}

export async function sendAbsenceConfirmation(
  requestKey: Key,
  request: AbsenceMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const found = await childInClass(
    requestKey,
    request,
    'enrollmentChanges',
    'Absence confirmation not sent: the family, the child or the class is gone.',
  );
  if (typeof found === 'string') return found;
  const { stored, site, to, child, cls } = found;
  const meeting = cls.meetings.find((candidate) => candidate.date === request.date);
  const notice = {
    studentName: child,
    className: cls.name,
    date: request.date,
    ...optional('meeting', meeting),
    note: request.note,
  };
  const content = (language: AccountLanguage) =>
    language === 'es' ? spanishAbsence(notice, site) : absenceContent(notice, site);
  return sendRequestMail(requestKey, stored, to, content, site, timeLeftMs);
}

export async function sendCheckOut(
  requestKey: Key,
  request: CheckOutMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const kind = request.flagged ? 'enrollmentChanges' : 'checkOuts';
  const found = await childInClass(
    requestKey,
    request,
    kind,
    'Check-out e-mail not sent: the family switched them off, or the child or the class is gone.',
  );
  if (typeof found === 'string') return found;
  const { stored, site, to, child, cls } = found;
  const { at, pickedUpBy, reason, flagged } = request;
  const notice = {
    studentName: child,
    className: cls.name,
    at,
    pickedUpBy,
    ...optional('reason', reason),
    ...optional('flagged', flagged),
  };
  const content = (language: AccountLanguage) =>
    language === 'es' ? spanishCheckOut(notice, site) : checkOutContent(notice, site);
  return sendRequestMail(requestKey, stored, to, content, site, timeLeftMs);
}

export async function sendStillCheckedIn(
  requestKey: Key,
  request: StillCheckedInMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const studentKey = request.familyId && studentEntity.key({ familyId: request.familyId, id: request.studentId });
  const classKey = classEntity.key({ id: request.classId });
  const [at, events, site] = await Promise.all([
    itemsAt([requestKey, classKey, ...(studentKey ? [studentKey] : [])], { ConsistentRead: true }),
    meetingEvents(request.classId, request.date),
    mailSite(),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const storedClass = classEntity.readIf(at(classKey));
  const own = inOrderMade(events.filter((event) => event.studentId === request.studentId));
  const checkIn = own.findLast((event) => event.kind === 'checkIn');
  if (!site.contactEmail || !storedClass || !checkIn) {
    logger.warn('The office was not told of a child still checked in: no contact address, or the class is gone.', {
      classId: request.classId,
    });
    return 'nobody to write to';
  }
  const cls = toClass(storedClass);
  const child = studentKey && studentEntity.readIf(at(studentKey));
  const content = stillCheckedInContent(
    {
      studentName: child ? studentName(child) : 'A child no longer enrolled',
      className: cls.name,
      date: request.date,
      ...optional(
        'meeting',
        cls.meetings.find((meeting) => meeting.date === request.date),
      ),
      minutes: STILL_OUT_MINUTES,
      checkedInAt: checkIn.at,
      checkedInBy: checkIn.byEmail,
      instructors: [...new Set(own.map((event) => event.byEmail))],
    },
    site,
  );
  return sendRequestMail(requestKey, stored, [site.contactEmail], content, site, timeLeftMs);
}

export async function sendInstructorInvitation(
  requestKey: Key,
  request: InstructorInvitationMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const [at, invitation, site] = await Promise.all([
    itemsAt([requestKey], { ConsistentRead: true }),
    waitingInvitation(request.email),
    mailSite(),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  if (!invitation) {
    logger.info('Invitation to teach not sent: it was accepted, cancelled or expired meanwhile.');
    return 'nobody to write to';
  }
  const classes = await getClasses(invitation.classIds);
  const content = instructorInvitationContent(
    {
      invitedByEmail: invitation.invitedByEmail,
      classNames: classes.map((cls) => cls.name),
      acceptUrl: `${site.siteUrl}${ACCEPT_TEACHING_PATH}`,
      expiresOn: invitation.expiresAt.slice(0, 10),
    },
    site,
  );
  return sendRequestMail(requestKey, stored, [invitation.email], content, site, timeLeftMs);
}
