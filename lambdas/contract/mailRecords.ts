// What the portal's e-mail looks like on the wire: the kinds of e-mail, an administrator's list of those that
// failed and of the addresses no longer written to, and a message's children.

/** The e-mails about one child's place in a class. */
export type NoticeKind =
  | 'enrolled'
  | 'waitlisted'
  | 'promoted'
  | 'cancelled'
  | 'cancelledByAdmin'
  /** Moved to another class by an administrator, or as the family asked. */
  | 'moved'
  | 'movedAsAsked'
  /** A seat held for a waiting child until a deadline (offers mode), and the offer lapsed unanswered. */
  | 'offered'
  | 'offerLapsed'
  /** Before a class starts (optional: a family may switch reminders off). */
  | 'reminder';

/** The e-mails about a class to everyone in it. */
export type ClassNoticeKind = 'classClosed' | 'classChanged' | 'meetingCancelled';

/** Every kind of e-mail the mailer sends. */
type MailKind =
  | NoticeKind
  | ClassNoticeKind
  | 'message'
  | 'invitation'
  | 'lotteryResults'
  /**
   * The class day's: a family's absence report confirmed, a child checked out, the office's alarm for a child
   * still checked in after a meeting, a person invited to teach.
   */
  | 'absenceReported'
  | 'checkedOut'
  | 'stillCheckedIn'
  | 'instructorInvitation';

/** A mail request that could not be sent: kept in the table with its failures, listed for administrators. */
export interface FailedMail {
  id: string;
  kind: MailKind;
  requestedAt: string;
  failedAt: string;
  failures: number;
  lastError: string;
  /**
   * Kept for an administrator (or the hourly retry) to send again; the stream tries it no more (SES refused it
   * for good, or it failed 5 times). Not waiting: the stream still tries it.
   */
  waiting: boolean;
  /** How often it was sent again already. */
  resends: number;
  familyId?: string;
  classIds?: string[];
  /** A message's (kind `message`): the message it sends. */
  messageId?: string;
  /** The addresses it failed for, when SES refused some of the family's (the others got it). */
  failedTo?: string[];
}

/** An address the portal no longer writes to: it bounced for good, or its owner marked the portal's e-mail as spam. */
export interface Suppression {
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's word on it: the bounce's diagnostic, or the complaint's kind. */
  detail: string;
  at: string;
}

/** A child of the family in the class a message is about, and where they stand there. */
export interface MessageChild {
  name: string;
  status: 'enrolled' | 'waitlisted';
  waitlistPosition?: number;
}
