import { getClasses } from '../../catalogue/classes';
import { familyEmails } from '../../families/families';
import { failedMail as failedRequests } from '../../platform/mailRequests';
import { portalHandler } from '../../platform/handler';

/** The e-mails that could not be sent yet: how many wait for "Send again", how many the stream still tries, and why. */
export async function failedMail() {
  const failed = await failedRequests();
  const [emails, classes] = await Promise.all([
    familyEmails(failed.flatMap((mail) => (mail.familyId ? [mail.familyId] : []))),
    getClasses([...new Set(failed.flatMap((mail) => mail.classIds ?? []))]),
  ]);
  const names = new Map(classes.map((cls) => [cls.id, cls.name]));
  return {
    waiting: failed.filter((mail) => mail.waiting).length,
    retrying: failed.filter((mail) => !mail.waiting).length,
    mail: failed.map((mail) => ({
      ...mail,
      ...(mail.familyId && emails.has(mail.familyId) && { familyEmail: emails.get(mail.familyId) }),
      classNames: (mail.classIds ?? []).map((id) => names.get(id) ?? id),
    })),
  };
}

export const handler = portalHandler('failedMail', failedMail);
