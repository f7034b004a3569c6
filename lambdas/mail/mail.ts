// The portal's own e-mail: SES's SendEmail (API v2) in AWS, through a signed fetch (awsPost) rather than the
// SDK's client, whose weight the mailer cannot carry; the local gateway answers the same call into its
// outbox. Without MAIL_FROM the portal works and says once in the log that its e-mail is off.
import { AwsJsonError } from '../platform/awsJson';
import { awsPost } from '../platform/awsPost';
import { optionalEnv, requiredEnv } from '../platform/env';
import { logger } from '../platform/logger';
import { headerText } from './mailHeader';
import { countMail } from '../platform/metrics';

const from = optionalEnv('MAIL_FROM');
/** The configuration set that publishes bounces and complaints (AWS only). */
const configurationSet = optionalEnv('MAIL_CONFIGURATION_SET');
const endpoint = () =>
  (optionalEnv('SES_ENDPOINT') ?? `https://email.${requiredEnv('AWS_REGION')}.amazonaws.com`).replace(/\/+$/, '');
let offLogged = false;

export interface MailMessage {
  /** The family's addresses: one e-mail to all of them. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes: the programme's contact. */
  replyTo?: string;
}

/**
 * SES's answers that refuse the e-mail itself (an address it does not write to, a message it rejects) or the
 * account's sending (paused, suspended, its sender not verified): no try again gets through until the cause is
 * fixed. Throttling, the day's quota (LimitExceededException) and SES's own faults pass with time.
 */
const refusals = new Set([
  'MessageRejected',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
  'BadRequestException',
  'NotFoundException',
]);

/** Whether SES refused the e-mail for good (the error sendMail threw): it waits for "Send again" at once. */
export const refusedForGood = (error: unknown) => error instanceof AwsJsonError && refusals.has(error.type);

/** Sends a message (a failure is raised, so the mail request stays and is tried again). */
export async function sendMail(message: MailMessage): Promise<void> {
  if (!from) {
    if (!offLogged) logger.warn('Portal e-mail is off (MAIL_FROM is not set): enrollment confirmations are not sent.');
    offLogged = true;
    return;
  }
  const response = await awsPost({
    service: 'ses',
    url: new URL(`${endpoint()}/v2/email/outbound-emails`),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      FromEmailAddress: headerText(from),
      ...(configurationSet && { ConfigurationSetName: configurationSet }),
      Destination: { ToAddresses: message.to.map(headerText) },
      ...(message.replyTo && { ReplyToAddresses: [headerText(message.replyTo)] }),
      Content: {
        Simple: {
          Subject: { Data: headerText(message.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    const type = (response.headers.get('x-amzn-errortype') ?? 'MailError').split(':')[0]!;
    throw new AwsJsonError(type, answer.message ?? `SES answered ${response.status}`, response.status);
  }
  countMail('sent');
}
