import { getClasses } from '../../catalogue/classes';
import { familyEmails } from '../../families/families';
import { failedMail as failedRequests } from '../../platform/mailRequests';
import { portalHandler } from '../../platform/handler';
import { messageEntity } from '../messages';

/**
 * The e-mails that could not be sent yet: how many wait for "Send again", how many the stream still tries, and
 * why; a message's with its classes, audience and subject.
 */
export async function failedMail() {
  const failed = await failedRequests();
  const messageIds = [...new Set(failed.flatMap((mail) => (mail.messageId ? [mail.messageId] : [])))];
  const [emails, messages] = await Promise.all([
    familyEmails(failed.flatMap((mail) => (mail.familyId ? [mail.familyId] : []))),
    messageEntity.getMany(messageIds.map((id) => ({ id }))),
  ]);
  const messageOf = new Map(
    messages.map(({ id, classIds, subject, audienceLabel }) => [id, { classIds, subject, audienceLabel }]),
  );
  const named = failed.map((mail) => ({ ...mail, ...(mail.messageId ? messageOf.get(mail.messageId) : undefined) }));
  const classes = await getClasses([...new Set(named.flatMap((mail) => mail.classIds ?? []))]);
  const names = new Map(classes.map((cls) => [cls.id, cls.name]));
  return {
    waiting: failed.filter((mail) => mail.waiting).length,
    retrying: failed.filter((mail) => !mail.waiting).length,
    mail: named.map((mail) => ({
      ...mail,
      ...(mail.familyId && emails.has(mail.familyId) && { familyEmail: emails.get(mail.familyId) }),
      classNames: (mail.classIds ?? []).map((id) => names.get(id) ?? id),
    })),
  };
}

export const handler = portalHandler('failedMail', failedMail);
