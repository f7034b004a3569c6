// The portal's own e-mail: SES in AWS (the local gateway answers the same SES call into its outbox).
// Without MAIL_FROM the portal works and says once in the log that confirmations are off.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { optionalEnv } from './env';
import { headerText } from './mailHeader';
import { countMail } from './metrics';

const from = optionalEnv('MAIL_FROM');
const ses = from ? new SESv2Client({ endpoint: optionalEnv('SES_ENDPOINT') }) : undefined;
let offLogged = false;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends a message (a failure is raised, so the mail request stays and is tried again). */
export async function sendMail(message: MailMessage): Promise<void> {
  if (!ses || !from) {
    if (!offLogged)
      console.warn(
        JSON.stringify({
          level: 'warn',
          message: 'Portal e-mail is off (MAIL_FROM is not set): enrollment confirmations are not sent.',
        }),
      );
    offLogged = true;
    return;
  }
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: headerText(from),
      Destination: { ToAddresses: [headerText(message.to)] },
      Content: {
        Simple: {
          Subject: { Data: headerText(message.subject), Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  countMail('sent');
}
