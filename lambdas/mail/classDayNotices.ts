// What the class day's e-mails say: a family's absence report confirmed, a child checked out, and a person invited
// to teach. Pure: the facts in, the e-mail's content out (classDayMail.ts gathers the facts and sends).
import { dateLabel, meetingText, momentText } from '../contract/moments';
import type { Meeting } from '../contract/records';
import { paragraph, strong, type MailContent } from '../contract/mail/mailBlocks';
import { andList, contactLine, type MailSite } from '../contract/mail/announcement';

/** A site whose e-mails write moments: on the programme's clock. */
type ZonedSite = MailSite & { timeZone: string };

export interface AbsenceNotice {
  studentName: string;
  className: string;
  /** The meeting's day (YYYY-MM-DD), and the meeting that day when the class still has one. */
  date: string;
  meeting?: Meeting;
  note: string;
}

/** The family's confirmation that the class's instructors were told, with what they were told. */
export function absenceContent(notice: AbsenceNotice, site: ZonedSite): MailContent {
  const when = notice.meeting ? meetingText(notice.meeting, site.timeZone) : dateLabel(notice.date);
  return {
    subject: `Absence noted: ${notice.studentName}, ${notice.className} on ${dateLabel(notice.date)}`,
    blocks: [
      { heading: 'The instructors know' },
      paragraph(
        strong(notice.studentName),
        ' will miss ',
        strong(notice.className),
        ` on ${when}. The class's instructors see it on their roster for that day, with your note:`,
      ),
      paragraph(`“${notice.note}”`),
      paragraph(
        'Plans changed? Report it again from your enrollments with a new note: the instructors see the latest one.',
      ),
      contactLine(site, 'Questions?'),
      { button: { label: 'See your enrollments', url: `${site.siteUrl}/account/enrollments` } },
    ],
    why: `You receive this e-mail because a guardian of ${notice.studentName} reported an absence on ${site.programme}'s portal.`,
  };
}

export interface CheckOutNotice {
  studentName: string;
  className: string;
  /** When by the instructor's phone (ISO), to whom, and the instructor's reason when not on the pick-up list. */
  at: string;
  pickedUpBy: string;
  reason?: string;
  flagged?: boolean;
}

/**
 * The family's word that its child left a class, and with whom: when that adult is not on the child's pick-up
 * list, what the instructor gave as the reason, and that the office knows.
 */
export function checkOutContent(notice: CheckOutNotice, site: ZonedSite): MailContent {
  const { studentName, className, pickedUpBy } = notice;
  return {
    subject: `${notice.flagged ? 'Checked out to someone not on the list' : 'Checked out'}: ${studentName} from ${className}`,
    blocks: [
      paragraph(
        strong(studentName),
        ' was checked out of ',
        strong(className),
        ` on ${momentText(notice.at, site.timeZone)}, to `,
        strong(pickedUpBy),
        '.',
      ),
      ...(notice.flagged
        ? [
            paragraph(
              `${pickedUpBy} is not on ${studentName}'s pick-up list. The instructor gave this reason: “${notice.reason ?? ''}”. `,
              'The office was told. If you did not expect this, call the office now.',
            ),
            contactLine(site, 'Questions?'),
          ]
        : [
            paragraph('You can switch these e-mails off, or on again, in Manage Account.'),
            contactLine(site, 'Was this not who you expected?'),
          ]),
    ],
    why: `You receive this e-mail because ${studentName} is enrolled in ${className} on ${site.programme}'s portal.`,
  };
}

export interface StillCheckedInNotice {
  studentName: string;
  className: string;
  date: string;
  meeting?: Meeting;
  /** How long after the meeting's end the office is told. */
  minutes: number;
  /** The last check-in: when by the instructor's phone (ISO), and who made it. */
  checkedInAt: string;
  checkedInBy: string;
  /** The instructors who marked the child that day. */
  instructors: string[];
}

/** The office's alarm: a child checked in whom nobody checked out, half an hour after the meeting ended. */
export function stillCheckedInContent(notice: StillCheckedInNotice, site: ZonedSite): MailContent {
  const { studentName, className, date } = notice;
  const when = notice.meeting ? meetingText(notice.meeting, site.timeZone) : dateLabel(date);
  return {
    subject: `Still checked in: ${studentName} after ${className} on ${dateLabel(date)}`,
    blocks: [
      { heading: 'Nobody has checked this child out' },
      paragraph(
        strong(studentName),
        ' was checked in to ',
        strong(className),
        ` on ${when}, and is still checked in ${notice.minutes} minutes after the meeting ended. The last check-in `,
        `was on ${momentText(notice.checkedInAt, site.timeZone)}, by ${notice.checkedInBy}.`,
      ),
      paragraph(
        `Call the instructors (${andList(notice.instructors)}) and, if they cannot say where the child is, the family: `,
        "the child's information sheet has the emergency contacts and the adults who may pick the child up. If the child ",
        'went home, an instructor checks them out on their phone, and the record of the day is complete.',
      ),
      { button: { label: 'Open the student information sheets', url: `${site.siteUrl}/admin/students` } },
    ],
    why: `You receive this e-mail because this address is the programme's contact on ${site.programme}'s portal.`,
  };
}

export interface InstructorInvitationNotice {
  invitedByEmail: string;
  classNames: string[];
  /** The page where the invited person signs in and accepts. */
  acceptUrl: string;
  /** The last day it can be accepted (YYYY-MM-DD). */
  expiresOn: string;
}

/** The invitation to teach, as the invited person reads it: who invites them, and to which classes. */
export function instructorInvitationContent(notice: InstructorInvitationNotice, site: MailSite): MailContent {
  return {
    subject: `${notice.invitedByEmail} invites you to teach with ${site.programme}`,
    blocks: [
      paragraph(
        strong(notice.invitedByEmail),
        ' invites you to teach ',
        strong(andList(notice.classNames)),
        ` on ${site.programme}'s registration portal. As an instructor you see your classes' rosters on your phone `,
        '(the children, their health notes and who may pick them up), mark attendance, and check children in and out, ',
        'also where there is no signal.',
      ),
      { button: { label: 'Accept the invitation', url: notice.acceptUrl } },
      paragraph(
        `Sign in with this e-mail address (or create an account with it) to accept, until ${dateLabel(notice.expiresOn)}.`,
      ),
      contactLine(site, 'Did you not expect this invitation? You can ignore it: nothing changes.'),
    ],
    why: `You receive this e-mail because ${notice.invitedByEmail} invited this address to teach on ${site.programme}'s portal.`,
  };
}
