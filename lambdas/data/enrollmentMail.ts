// The confirmations a family receives when a child is enrolled, waitlisted, or promoted from the
// waitlist: the class, its meetings, where, with whom, and what to bring.
import { classEntity, toClass } from './classes';
import { waitlistPosition } from './enrollments';
import { profileEntity } from './families';
import { groupEntity } from './groups';
import type { MailRequest, NoticeKind } from './mailRequests';
import { studentEntity, studentName } from './students';
import type { Class, Meeting } from '../records';
import { itemsAt, type Item, type Key } from '../shared/dynamo';
import { requiredEnv } from '../shared/env';
import { sendMail } from '../shared/mail';

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

export interface EnrollmentNotice {
  kind: NoticeKind;
  familyId: string;
  studentName: string;
  /** The group's name, for a group enrollment. */
  groupName?: string;
  classes: Array<{ cls: Class; waitlistPosition?: number }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function meetingText({ date, start, end }: Meeting): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${start}–${end}`;
}

export function composeNotice(notice: EnrollmentNotice): { subject: string; lines: string[] } {
  const what = notice.groupName ?? notice.classes.map(({ cls }) => cls.name).join(', ');
  const position =
    notice.classes.length === 1 && notice.classes[0]!.waitlistPosition
      ? ` (position ${notice.classes[0]!.waitlistPosition})`
      : '';
  const subject = {
    enrolled: `Enrolled: ${notice.studentName} in ${what}`,
    waitlisted: `Waitlisted: ${notice.studentName} for ${what}${position}`,
    promoted: `A seat opened: ${notice.studentName} is enrolled in ${what}`,
  }[notice.kind];
  const opening = {
    enrolled: `${notice.studentName} is enrolled in ${what}.`,
    waitlisted: `${what} ${notice.classes.length > 1 ? 'are' : 'is'} full, so ${notice.studentName} is on the waitlist. We will enroll ${notice.studentName} automatically as soon as a seat opens, and write to you then.`,
    promoted: `Good news: a seat opened and ${notice.studentName} moved from the waitlist to enrolled in ${what}.`,
  }[notice.kind];
  const lines = ['Hello,', '', opening, ''];
  for (const { cls, waitlistPosition } of notice.classes) {
    lines.push(`${cls.name}${waitlistPosition ? ` — waitlist position ${waitlistPosition}` : ''}`);
    if (cls.meetings.length) lines.push(`  Meetings: ${cls.meetings.map(meetingText).join('; ')}`);
    if (cls.location) lines.push(`  Where: ${cls.location}`);
    if (cls.instructor) lines.push(`  Instructor: ${cls.instructor}`);
    if (cls.whatToBring) lines.push(`  What to bring: ${cls.whatToBring}`);
    lines.push('');
  }
  lines.push(`See or cancel your enrollments at ${siteUrl}/account/enrollments`, '', '— The mountain school programme');
  return { subject, lines };
}

export type NoticeOutcome = 'sent' | 'nobody to write to' | 'already sent';

/**
 * Sends the e-mail a mail request asks for, with the names, meetings and waitlist positions as they are
 * now. The request is read with everything its e-mail tells in one strongly consistent read: when it is
 * gone, its e-mail was sent already (a stream may deliver a record again).
 */
export async function sendNotice(requestKey: Key, request: MailRequest): Promise<NoticeOutcome> {
  const profileKey = profileEntity.key({ familyId: request.familyId });
  const studentKey = studentEntity.key({ familyId: request.familyId, id: request.studentId });
  const groupKeys = request.groupId ? [groupEntity.key({ id: request.groupId })] : [];
  const classKeys = new Map(request.classIds.map((id) => [id, classEntity.key({ id })]));
  const at = await itemsAt([requestKey, profileKey, studentKey, ...groupKeys, ...classKeys.values()], {
    ConsistentRead: true,
  });
  if (!at(requestKey)) return 'already sent';
  const read = <R>(key: Key, entity: { read: (item: Item) => R }) => {
    const item = at(key);
    return item && entity.read(item);
  };
  const email = read(profileKey, profileEntity)?.email;
  const stored = read(studentKey, studentEntity);
  if (!email || !stored) {
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'Nobody to write to: the family or the student is gone, or no e-mail is on file.',
        familyId: request.familyId,
      }),
    );
    return 'nobody to write to';
  }
  const group = groupKeys[0] && read(groupKeys[0], groupEntity);
  const notice: EnrollmentNotice = {
    kind: request.kind,
    familyId: request.familyId,
    studentName: studentName(stored),
    ...(group && { groupName: group.name }),
    classes: request.classIds.flatMap((classId) => {
      const cls = read(classKeys.get(classId)!, classEntity);
      const position = cls && waitlistPosition(cls, request.studentId);
      return cls
        ? [
            {
              cls: toClass(cls),
              ...(request.kind === 'waitlisted' && position !== undefined && { waitlistPosition: position }),
            },
          ]
        : [];
    }),
  };
  const { subject, lines } = composeNotice(notice);
  const html = lines
    .map((line) =>
      escapeHtml(line).replace(
        `${siteUrl}/account/enrollments`,
        `<a href="${siteUrl}/account/enrollments">${siteUrl}/account/enrollments</a>`,
      ),
    )
    .join('<br>\n');
  await sendMail({ to: email, subject, text: lines.join('\n'), html: `<p>${html}</p>` });
  return 'sent';
}
