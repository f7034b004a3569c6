// What each e-mail about a child's enrollment says, written for a parent: what happened, the class with a
// short schedule, its dates, the place and what to bring, what to do next, and whom to ask. Pure: the
// facts in, the e-mail's content out (enrollmentMail.ts gathers the facts and sends).
import { meetingHours, meetingText, momentText, zoneName } from '../contract/moments';
import type { Class, Meeting } from '../contract/records';
import { link, list, paragraph, strong, type MailBlock, type MailContent } from '../contract/mail/mailBlocks';
import type { ClassNoticeKind, MessageChild, NoticeKind } from '../contract/mailRecords';
import { andList, contactLine, type MailSite, whyFor } from '../contract/mail/announcement';

/** A site whose e-mails write moments: on the programme's clock. */
type ZonedSite = MailSite & { timeZone: string };

/** The changes of a child's enrollment the family is told of (each always goes out). */

export interface NoticeClass {
  cls: Class;
  waitlistPosition?: number;
}

export interface StudentNotice {
  kind: NoticeKind;
  studentName: string;
  /** The group's name, for a group enrollment. */
  groupName?: string;
  classes: NoticeClass[];
  /** The class a moved child left. */
  fromClassName?: string;
  /** Until when the seat offered is held. */
  offerExpiresAt?: string;
  /** Waiting in a semester whose freed seats are offered: the hours a family has to accept one. */
  offerHours?: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const day = (date: string) => new Date(`${date}T00:00:00Z`);
const monthDay = (date: string) =>
  day(date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A meeting's day in a subject: "Sun, Jan 10". */
const meetingDay = (date: string) =>
  day(date).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A class's meetings in a phrase: "8 Sundays, Jan 3 – Feb 21, 9:00 AM–1:00 PM MT", on the clock of `timeZone`. */
export function shortSchedule(meetings: Meeting[], timeZone: string): string {
  if (meetings.length === 0) return 'Dates to be announced';
  const sorted = [...meetings].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const weekdays = new Set(sorted.map((meeting) => day(meeting.date).getUTCDay()));
  const weekday = WEEKDAYS[day(first.date).getUTCDay()]!;
  const count =
    sorted.length === 1 ? weekday : weekdays.size === 1 ? `${sorted.length} ${weekday}s` : `${sorted.length} meetings`;
  const span = first.date === last.date ? monthDay(first.date) : `${monthDay(first.date)} – ${monthDay(last.date)}`;
  const times = new Set(sorted.map(meetingHours));
  return `${count}, ${span}, ${times.size === 1 ? `${[...times][0]} ${zoneName(timeZone, first.date)}` : 'times vary (see the dates)'}`;
}

/** The class's details as a family needs them before the first meeting, its times on the clock of `timeZone`. */
function classDetails({ cls, waitlistPosition }: NoticeClass, timeZone: string): MailBlock {
  const meetings = [...cls.meetings].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  const rows = [
    { label: 'When', lines: [shortSchedule(meetings, timeZone)] },
    ...(meetings.length > 1
      ? [
          {
            label: 'Dates',
            lines: meetings.map((m) => `${meetingText(m, timeZone)}${m.cancelled ? ' (cancelled)' : ''}`),
          },
        ]
      : []),
    ...(cls.location ? [{ label: 'Where', lines: [cls.location] }] : []),
    ...(cls.instructor ? [{ label: 'Instructor', lines: [cls.instructor] }] : []),
    ...(cls.whatToBring ? [{ label: 'What to bring', lines: cls.whatToBring.split(/\r?\n/).filter(Boolean) }] : []),
    ...(waitlistPosition ? [{ label: 'Waitlist position', lines: [String(waitlistPosition)] }] : []),
  ];
  return { details: { title: cls.name, rows } };
}

/** "Ice Climbing", "Ice Climbing and Rock Skills", or the group's name. */
function whatOf(notice: StudentNotice): string {
  if (notice.groupName) return notice.groupName;
  return andList(notice.classes.map(({ cls }) => cls.name));
}

const enrollmentsButton = (site: MailSite): MailBlock => ({
  button: { label: 'See your enrollments', url: `${site.siteUrl}/account/enrollments` },
});

export function studentNoticeContent(notice: StudentNotice, site: ZonedSite): MailContent {
  const child = notice.studentName;
  const what = whatOf(notice);
  const first = notice.classes[0];
  const position = notice.classes.length === 1 && first?.waitlistPosition;
  const details = notice.classes.map((noticeClass) => classDetails(noticeClass, site.timeZone));
  const why = `You receive this e-mail because you registered ${child} with ${site.programme}.`;
  const cancelOnline = paragraph(
    `If ${child} can no longer come, cancel on `,
    link('My Enrollments', `${site.siteUrl}/account/enrollments`),
    ' so the place goes to the next child waiting.',
  );
  switch (notice.kind) {
    case 'enrolled':
      return {
        subject: `Enrolled: ${child} in ${what}`,
        why,
        blocks: [
          { heading: `${child} is enrolled in ${what}` },
          paragraph(`Good news: ${child} has a seat in `, strong(what), '.'),
          ...details,
          { heading: 'What to do next' },
          list([
            'Put the dates in your calendar.',
            'Check what to bring before the first meeting.',
            `If ${child} cannot come after all, cancel on My Enrollments so a child on the waitlist gets the seat.`,
          ]),
          enrollmentsButton(site),
          contactLine(site, 'Questions?'),
        ],
      };
    case 'waitlisted':
      return {
        subject: `Waitlisted: ${child} for ${what}${position ? ` (position ${position})` : ''}`,
        why,
        blocks: [
          { heading: `${child} is on the waitlist for ${what}` },
          paragraph(
            `${what} ${notice.classes.length > 1 ? 'are' : 'is'} full, so ${child} is on the waitlist`,
            ...(position ? [' at ', strong(`position ${position}`)] : []),
            ...(notice.offerHours
              ? [
                  `. When a seat opens for ${child} we hold it and write to you at once: accept it on My Enrollments `,
                  `within ${notice.offerHours} hours, or it goes to the next child waiting.`,
                ]
              : [
                  `. When a seat opens we ${notice.fromClassName ? 'move' : 'enroll'} `,
                  `${child} automatically and write to you at once: there is nothing else to do.`,
                ]),
          ),
          // A family's move waiting for a seat: the seat it keeps meanwhile.
          ...(notice.fromClassName
            ? [
                paragraph(
                  `As you asked, ${child} keeps the seat in `,
                  strong(notice.fromClassName),
                  ` until a seat in ${what} is ${child}'s; then ${child} moves, and the seat in ${notice.fromClassName} goes to the next child waiting there.`,
                ),
              ]
            : []),
          ...details,
          cancelOnline,
          enrollmentsButton(site),
          contactLine(site, 'Questions?'),
        ],
      };
    case 'promoted':
      return {
        subject: `A seat opened: ${child} is enrolled in ${what}`,
        why,
        blocks: [
          { heading: `A seat opened for ${child}` },
          paragraph(`${child} moved from the waitlist to `, strong(`enrolled in ${what}`), '.'),
          ...details,
          cancelOnline,
          enrollmentsButton(site),
          contactLine(site, 'Questions?'),
        ],
      };
    case 'cancelled':
      return {
        subject: `Cancelled: ${child} in ${what}`,
        why,
        blocks: [
          { heading: `${child}'s place in ${what} is cancelled` },
          paragraph(
            `As you asked, ${child} no longer holds a seat or a waitlist place in ${what}. `,
            'The seat goes to the next child waiting.',
          ),
          paragraph(
            'Changed your mind? Enroll again on ',
            link('Class Registration', `${site.siteUrl}/classes/enrollment`),
            ' while seats are left.',
          ),
          contactLine(site, 'Questions?'),
        ],
      };
    case 'offered': {
      const deadline = momentText(notice.offerExpiresAt ?? new Date().toISOString(), site.timeZone);
      return {
        subject: `A seat is offered: ${child} in ${what}, until ${deadline}`,
        why,
        blocks: [
          { heading: `A seat opened for ${child}: accept it by ${deadline}` },
          paragraph(
            `A seat in `,
            strong(what),
            ` is held for ${child} until `,
            strong(deadline),
            '. Accept it on My Enrollments to enroll. If you do not answer by then, or decline, ',
            'the seat is offered to the next child waiting, and ',
            `${child} leaves the waitlist.`,
          ),
          ...details,
          { button: { label: 'Accept or decline the seat', url: `${site.siteUrl}/account/enrollments` } },
          paragraph(
            `No longer interested? Decline on `,
            link('My Enrollments', `${site.siteUrl}/account/enrollments`),
            ' so the next child gets the seat sooner.',
          ),
          contactLine(site, 'Questions?'),
        ],
      };
    }
    case 'offerLapsed':
      return {
        subject: `Offer lapsed: ${child} in ${what}`,
        why,
        blocks: [
          { heading: `The seat offered to ${child} in ${what} lapsed` },
          paragraph(
            `The seat held for ${child} in `,
            strong(what),
            ' was not accepted by its deadline, so it is offered to the next child waiting, and ',
            `${child} left the waitlist.`,
          ),
          paragraph(
            'Still interested? Enroll again on ',
            link('Class Registration', `${site.siteUrl}/classes/enrollment`),
            ': a full class puts you at the end of its waitlist.',
          ),
          contactLine(site, 'Questions?'),
        ],
      };
    case 'cancelledByAdmin':
      return {
        subject: `Cancelled by the programme: ${child} in ${what}`,
        why,
        blocks: [
          { heading: `${child}'s place in ${what} is cancelled` },
          paragraph(
            `The programme's administrators cancelled ${child}'s enrollment in `,
            strong(what),
            `. ${child} no longer holds a seat or a waitlist place there.`,
          ),
          contactLine(site, 'Did you not expect this, or do you want to know why?'),
          enrollmentsButton(site),
        ],
      };
    case 'reminder': {
      const firstMeeting = first?.cls.meetings
        .filter((m) => !m.cancelled)
        .sort((a, b) => a.date.localeCompare(b.date))[0];
      const when = firstMeeting ? meetingText(firstMeeting, site.timeZone) : 'soon';
      return {
        subject: `Reminder: ${what} starts ${firstMeeting ? meetingDay(firstMeeting.date) : 'soon'}`,
        why,
        preferencesUrl: `${site.siteUrl}/account/manage`,
        blocks: [
          { heading: `${child} starts ${what} soon` },
          paragraph(`A reminder: the first meeting of `, strong(what), ` is on ${when}.`),
          ...details,
          { heading: 'Before the first meeting' },
          list([
            // Only where a class lists what to bring: its details above (in both parts) hold the list.
            ...(notice.classes.some(({ cls }) => cls.whatToBring)
              ? ['Pack what to bring, listed with the class above.']
              : []),
            'Plan the way there and back; be there a few minutes early.',
            `If ${child} cannot come after all, cancel on My Enrollments so a child on the waitlist gets the seat.`,
          ]),
          enrollmentsButton(site),
          contactLine(site, 'Questions?'),
        ],
      };
    }
    case 'moved':
    case 'movedAsAsked': {
      const from = notice.fromClassName ?? 'the class';
      return {
        subject: `Moved: ${child} from ${from} to ${what}`,
        why,
        blocks: [
          { heading: `${child} moved from ${from} to ${what}` },
          paragraph(
            notice.kind === 'moved'
              ? `The programme moved ${child} from ${from} to `
              : `As you asked, ${child} moved from ${from} to `,
            strong(what),
            position
              ? `. ${what} is full, so ${child} is on its waitlist at position ${position}; we write to you as soon as a seat opens.`
              : `. ${child} is enrolled in ${what}.`,
          ),
          paragraph(`${child} no longer holds a place in ${from}.`),
          ...details,
          contactLine(site, 'Questions about the move?'),
          enrollmentsButton(site),
        ],
      };
    }
  }
}

/** A meeting of a class changed: moved in time on its day, dropped, or added. */
export type MeetingChange =
  | { kind: 'moved'; from: Meeting; to: Meeting }
  | { kind: 'dropped'; meeting: Meeting }
  | { kind: 'added'; meeting: Meeting };

/** How a class's meetings changed: those dropped or moved in time, in their order, then those added. */
export function meetingChanges(before: Meeting[], after: Meeting[]): MeetingChange[] {
  const key = (meeting: Meeting) => `${meeting.date} ${meeting.start} ${meeting.end}`;
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const dropped = before.filter((meeting) => !afterKeys.has(key(meeting)));
  const added = after.filter((meeting) => !beforeKeys.has(key(meeting)));
  const changes: MeetingChange[] = [];
  for (const meeting of dropped) {
    const moved = added.find((candidate) => candidate.date === meeting.date);
    if (moved) {
      added.splice(added.indexOf(moved), 1);
      changes.push({ kind: 'moved', from: meeting, to: moved });
    } else changes.push({ kind: 'dropped', meeting });
  }
  return [...changes, ...added.map((meeting) => ({ kind: 'added' as const, meeting }))];
}

/**
 * What changed about a class, line by line: its place, and meetings added, dropped or moved in time, on the
 * clock of `timeZone`.
 */
export function classChanges(
  before: Pick<Class, 'meetings' | 'location'>,
  after: Pick<Class, 'meetings' | 'location'>,
  timeZone: string,
) {
  const changes: string[] = [];
  if (before.location !== after.location)
    changes.push(
      after.location
        ? `The place is now ${after.location}${before.location ? ` (it was ${before.location})` : ''}.`
        : `The place (${before.location}) is no longer set: it will be announced.`,
    );
  for (const change of meetingChanges(before.meetings, after.meetings))
    changes.push(
      change.kind === 'moved'
        ? `${meetingText(change.to, timeZone)} (it was ${meetingHours(change.from)}).`
        : change.kind === 'dropped'
          ? `No meeting on ${meetingText(change.meeting, timeZone)}.`
          : `New meeting: ${meetingText(change.meeting, timeZone)}.`,
    );
  return changes;
}

/** "Teen0 stays enrolled; Teen1 stays on the waitlist at position 2." */
function childrenStanding(children: MessageChild[]): string {
  return `${children
    .map((child) =>
      child.status === 'enrolled'
        ? `${child.name} stays enrolled`
        : `${child.name} stays on the waitlist${child.waitlistPosition ? ` at position ${child.waitlistPosition}` : ''}`,
    )
    .join('; ')}.`;
}

export interface ClassNotice {
  cls: Class;
  children: MessageChild[];
  changes?: string[];
  meeting?: Meeting;
  note?: string;
}

/** "Cancelled on Sun, Jan 10: Ice Climbing". */
export function classNoticeSubject(kind: ClassNoticeKind, cls: Class, meeting?: Meeting): string {
  if (kind === 'classClosed') return `Closed: ${cls.name}`;
  if (kind === 'classChanged') return `Changed: ${cls.name}`;
  return `Cancelled on ${meeting ? meetingDay(meeting.date) : 'one day'}: ${cls.name}`;
}

/** The e-mail to a family when a class its children are in is closed, changed, or does not meet one day. */
export function classNoticeContent(kind: ClassNoticeKind, facts: ClassNotice, site: ZonedSite): MailContent {
  const { cls, children } = facts;
  const why = whyFor(children, `in ${cls.name}`, site);
  const subject = classNoticeSubject(kind, cls, facts.meeting);
  if (kind === 'meetingCancelled')
    return {
      subject,
      why,
      blocks: [
        { heading: subject.replace(/^Cancelled on (.*): (.*)$/, '$2 does not meet on $1') },
        paragraph(
          `The programme cancelled the meeting of `,
          strong(cls.name),
          ` on ${facts.meeting ? meetingText(facts.meeting, site.timeZone) : 'that day'}.`,
        ),
        ...(facts.note ? [paragraph(facts.note)] : []),
        paragraph('The other meetings stay as they are.'),
        classDetails({ cls }, site.timeZone),
        contactLine(site, 'Questions?'),
        enrollmentsButton(site),
      ],
    };
  if (kind === 'classClosed')
    return {
      subject,
      why,
      blocks: [
        { heading: `${cls.name} is closed` },
        paragraph(
          `The programme closed `,
          strong(cls.name),
          ': it takes no new enrollments and its waitlist no longer moves. ',
          childrenStanding(children),
        ),
        contactLine(site, 'What does this mean for your family?'),
        enrollmentsButton(site),
      ],
    };
  return {
    subject,
    why,
    blocks: [
      { heading: `${cls.name} has changed` },
      paragraph(`The programme changed `, strong(cls.name), ` after you enrolled. What changed:`),
      list(facts.changes ?? []),
      classDetails({ cls }, site.timeZone),
      contactLine(site, 'Does the change not work for you?'),
      enrollmentsButton(site),
    ],
  };
}

/** An administrator's message, as one family reads it. */

/**
 * The invitation to be a guardian of a family, as the invited adult reads it: who invites them and the family's
 * name as the inviter gave it, never its children (the e-mail may reach, or be forwarded to, someone else).
 */
export interface InvitationNotice {
  invitedByEmail: string;
  familyName?: string;
  /** The page that accepts it, with the invitation's token. */
  acceptUrl: string;
  /** The last day it can be accepted (YYYY-MM-DD). */
  expiresOn: string;
}

export function invitationContent(notice: InvitationNotice, site: MailSite): MailContent {
  return {
    subject: `${notice.invitedByEmail} invites you to be a guardian with ${site.programme}`,
    blocks: [
      paragraph(
        strong(notice.invitedByEmail),
        ' invites you to be a guardian of ',
        notice.familyName ? strong(notice.familyName) : 'their family',
        ` on ${site.programme}'s registration portal. Once you accept, you see and manage the family's children `,
        "as they do, enroll them in classes, and receive the family's e-mails (you choose which ones in Manage Account).",
      ),
      { button: { label: 'Accept the invitation', url: notice.acceptUrl } },
      paragraph(
        'Sign in with this e-mail address (or create an account with it) to accept. The invitation can be accepted ',
        `once, until ${monthDay(notice.expiresOn)}, ${notice.expiresOn.slice(0, 4)}.`,
      ),
      contactLine(site, 'Did you not expect this invitation? You can ignore it: nothing changes.'),
    ],
    why: `You receive this e-mail because ${notice.invitedByEmail} invited this address on ${site.programme}'s portal.`,
  };
}
