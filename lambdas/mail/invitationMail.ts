// The e-mail that invites an adult to be a guardian of a family: the mailer hands it the mail request the
// invitation was written with, which alone carries the link's secret; the invitation and the request are
// read in one strongly consistent read (a cancelled invitation is not sent, a request gone was sent).
import { itemsAt, type Key } from '../platform/dynamo';
import { logger } from '../platform/logger';
import { invitationContent } from './notices';
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
  const [at, site] = await Promise.all([itemsAt([requestKey, invitationKey], { ConsistentRead: true }), mailSite()]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const invitation = invitationEntity.readIf(at(invitationKey));
  if (!invitation) {
    logger.info('Invitation not sent: it was cancelled or accepted meanwhile.', { familyId: request.familyId });
    return 'nobody to write to';
  }
  const token = invitationToken(request.familyId, request.invitationId, request.token);
  const content = invitationContent(
    {
      invitedByEmail: invitation.invitedByEmail,
      ...(invitation.familyName && { familyName: invitation.familyName }),
      // The address in the fragment fills in account creation: no request carries a fragment, so the server
      // still tells the link's holder nothing.
      acceptUrl: `${site.siteUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}#${new URLSearchParams({ to: invitation.email })}`,
      expiresOn: new Date(invitation.expiresAt * 1000).toISOString().slice(0, 10),
    },
    site,
  );
  const outcome = await sendRequestMail(requestKey, stored, [invitation.email], content, site, timeLeftMs);
  if (outcome === 'nobody to write to')
    logger.warn('Invitation not sent: the address does not receive mail (bounced or complained).', {
      familyId: request.familyId,
    });
  return outcome;
}
