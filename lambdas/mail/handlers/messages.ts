import { messagesOf, summaryOf } from '../messages';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { MessageSummary } from '../../contract/records';
import { adminList } from '../../platform/adminGroup';
import { portalHandler } from '../../platform/handler';

/** A semester's messages to families (or one class's), newest first: who sent what, when, to how many, and how far. */
export async function messages({ semesterId, classId }: ParsedInput<'messages'>) {
  const semester = await semesterOrCurrent(semesterId);
  const [stored, { admins }] = await Promise.all([messagesOf(semester.id, classId), adminList()]);
  const emails = new Map(admins.map((admin) => [admin.sub, admin.email]));
  return {
    semester,
    messages: stored.map(
      (stored): MessageSummary => ({
        ...summaryOf(stored),
        sentBy: stored.sentBy === 'portal' ? 'portal' : (emails.get(stored.sentBy) ?? 'a former administrator'),
      }),
    ),
  };
}

export const handler = portalHandler('messages', messages);
