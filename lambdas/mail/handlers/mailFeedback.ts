// SES's bounces and complaints, published by the portal's configuration set to an SNS topic this function
// subscribes to: an address that bounced for good, or whose owner complained, is not written to again
// (suppressions.ts). A bounce that may pass (a full mailbox) changes nothing.
import middy from '@middy/core';
import type { SNSEvent } from 'aws-lambda';
import { suppress } from '../suppressions';
import { logCallContext } from '../../platform/logger';

/** The part of an SES event (event publishing) the portal reads. */
interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: Array<{ emailAddress: string; diagnosticCode?: string }> };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Array<{ emailAddress: string }> };
  mail?: { timestamp?: string };
}

export async function mailFeedback(event: SNSEvent): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const record of event.Records) {
    const ses = JSON.parse(record.Sns.Message) as SesEvent;
    const type = ses.eventType ?? ses.notificationType;
    const at = new Date().toISOString();
    if (type === 'Bounce' && ses.bounce?.bounceType === 'Permanent')
      for (const recipient of ses.bounce.bouncedRecipients ?? []) {
        await suppress({
          email: recipient.emailAddress,
          reason: 'bounce',
          detail: recipient.diagnosticCode ?? 'Permanent bounce',
          at,
        });
        suppressed += 1;
      }
    if (type === 'Complaint')
      for (const recipient of ses.complaint?.complainedRecipients ?? []) {
        await suppress({
          email: recipient.emailAddress,
          reason: 'complaint',
          detail: ses.complaint?.complaintFeedbackType ?? 'Marked as spam',
          at,
        });
        suppressed += 1;
      }
  }
  return { suppressed };
}

export const handler = middy(mailFeedback).use(logCallContext());
