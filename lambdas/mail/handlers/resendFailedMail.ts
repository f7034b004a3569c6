import { resendFailedMail as resend } from '../../platform/mailRequests';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Sends again the e-mails kept after failing (those named, or every one waiting), now that the cause is fixed. */
export async function resendFailedMail({ ids }: ParsedInput<'resendFailedMail'>) {
  return { resent: await resend(ids) };
}

export const handler = portalHandler('resendFailedMail', resendFailedMail);
