// The e-mail that invites an adult to be a guardian of a family: the mailer hands it the mail request the
// invitation was written with, which alone carries the link's secret; the invitation and the request are
// read in one strongly consistent read (a cancelled invitation is not sent, a request gone was sent).
import { itemsAt, type Key } from '../platform/dynamo';
import { logger } from '../platform/logger';
import { invitationContent } from './notices';
import { spanishInvitation } from './spanishNotices';
import { getProfile } from '../families/families';
import { languageOf } from '../families/accountLanguage';
import type { AccountLanguage } from '../contract/languages';
import { sendRequestMail, type NoticeOutcome } from './enrollmentMail';
import { invitationEntity, invitationToken } from '../families/guardians';
import type { InvitationMailRequest } from '../platform/mailRequests';
import { mailSite } from './mailSite';

/** The page of the site that accepts an invitation (the web app's route). */
const ACCEPT_INVITATION_PATH = '/account/invitation';

export async function sendInvitation(
  requestKey: Key,
  request: InvitationMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const invitationKey = invitationEntity.key({ familyId: request.familyId, id: request.invitationId });
  const [at, site, family] = await Promise.all([
    itemsAt([requestKey, invitationKey], { ConsistentRead: true }),
    mailSite(),
    getProfile(request.familyId),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const invitation = invitationEntity.readIf(at(invitationKey));
  if (!invitation) {
    logger.info('Invitation not sent: it was cancelled or accepted meanwhile.', { familyId: request.familyId });
    return 'nobody to write to';
  }
  const token = invitationToken(request.familyId, request.invitationId, request.token);
  const notice = {
    invitedByEmail: invitation.invitedByEmail,
    ...(invitation.familyName && { familyName: invitation.familyName }),
    // The address in the fragment fills in account creation: no request carries a fragment, so the server
    // still tells the link's holder nothing.
    acceptUrl: `${site.siteUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}#${new URLSearchParams({ to: invitation.email })}`,
    expiresOn: new Date(invitation.expiresAt * 1000).toISOString().slice(0, 10),
  };
  // The invited adult has no account with the family yet: the invitation speaks the inviting guardian's language.
  const language = languageOf(family, invitation.invitedBy) ?? 'en';
  const content = (reader: AccountLanguage) =>
    reader === 'es' ? spanishInvitation(notice, site) : invitationContent(notice, site);
  const outcome = await sendRequestMail(
    requestKey,
    stored,
    [{ email: invitation.email, language }],
    content,
    site,
    timeLeftMs,
  );
  if (outcome === 'nobody to write to')
    logger.warn('Invitation not sent: the address does not receive mail (bounced or complained).', {
      familyId: request.familyId,
    });
  return outcome;
}
