// The confirmations a family receives when a child is enrolled, waitlisted, or promoted from the
// waitlist: the class, its meetings, where, with whom, and what to bring.
import { getClasses } from '../data/classes';
import type { StoredEnrollment } from '../data/enrollments';
import { getFamilyProfile } from '../data/families';
import { getGroups } from '../data/groups';
import { getStudent, studentName } from '../data/students';
import type { Class, Meeting } from '../records';
import { requiredEnv } from './env';
import { sendMail } from './mail';

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

export type NoticeKind = 'enrolled' | 'waitlisted' | 'promoted';

export interface EnrollmentNotice {
  kind: NoticeKind;
  familyId: string;
  studentName: string;
  /** The group's name, for a group enrollment. */
  groupName?: string;
  classes: Array<{ found: Class; waitlistPosition?: number }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function meetingText({ date, start, end }: Meeting): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${start}–${end}`;
}

export function composeNotice(notice: EnrollmentNotice): { subject: string; lines: string[] } {
  const what = notice.groupName ?? notice.classes.map(({ found }) => found.name).join(', ');
  const position = notice.classes.length === 1 && notice.classes[0]!.waitlistPosition ? ` (position ${notice.classes[0]!.waitlistPosition})` : '';
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
  for (const { found, waitlistPosition } of notice.classes) {
    lines.push(`${found.name}${waitlistPosition ? ` — waitlist position ${waitlistPosition}` : ''}`);
    if (found.meetings.length) lines.push(`  Meetings: ${found.meetings.map(meetingText).join('; ')}`);
    if (found.location) lines.push(`  Where: ${found.location}`);
    if (found.instructor) lines.push(`  Instructor: ${found.instructor}`);
    if (found.whatToBring) lines.push(`  What to bring: ${found.whatToBring}`);
    lines.push('');
  }
  lines.push(`See or cancel your enrollments at ${siteUrl}/account/enrollments`, '', '— The mountain school programme');
  return { subject, lines };
}

export async function notifyFamily(notice: EnrollmentNotice): Promise<void> {
  const profile = await getFamilyProfile(notice.familyId);
  if (!profile) {
    console.warn(JSON.stringify({ level: 'warn', message: 'No e-mail on file for the family: confirmation not sent.', familyId: notice.familyId }));
    return;
  }
  const { subject, lines } = composeNotice(notice);
  const html = lines
    .map((line) => escapeHtml(line).replace(`${siteUrl}/account/enrollments`, `<a href="${siteUrl}/account/enrollments">${siteUrl}/account/enrollments</a>`))
    .join('<br>\n');
  await sendMail({ to: profile.email, subject, text: lines.join('\n'), html: `<p>${html}</p>` });
}

/** Tells each family whose child the portal promoted from a waitlist. */
export async function notifyPromotions(promoted: StoredEnrollment[]): Promise<void> {
  // One message per child and class (or group): a group is promoted as a whole.
  const byStudent = new Map<string, StoredEnrollment[]>();
  for (const entry of promoted) {
    const key = `${entry.familyId}/${entry.studentId}/${entry.groupId ?? entry.classId}`;
    byStudent.set(key, [...(byStudent.get(key) ?? []), entry]);
  }
  const classes = new Map((await getClasses([...new Set(promoted.map((entry) => entry.classId))])).map((found) => [found.id, found]));
  const groupIds = [...new Set(promoted.flatMap((entry) => (entry.groupId ? [entry.groupId] : [])))];
  const groups = new Map((groupIds.length ? await getGroups(groupIds) : []).map((group) => [group.id, group.name]));
  await Promise.all(
    [...byStudent.values()].map(async (entries) => {
      const first = entries[0]!;
      const student = await getStudent(first.familyId, first.studentId);
      if (!student) return;
      await notifyFamily({
        kind: 'promoted',
        familyId: first.familyId,
        studentName: studentName(student),
        ...(first.groupId && groups.has(first.groupId) && { groupName: groups.get(first.groupId) }),
        classes: entries.flatMap((entry) => (classes.has(entry.classId) ? [{ found: classes.get(entry.classId)! }] : [])),
      });
    }),
  );
}
