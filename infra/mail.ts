// The portal's own e-mail (enrollment confirmations) through SES, switched on by the `mailFrom` context
// value. Without it no function gets MAIL_FROM and the portal logs that confirmations are off.
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { PortalFunction } from './portal-function';
import { mailAddress } from './settings';

export interface PortalMailProps {
  mailFrom?: string;
  /** An SES identity of the sender that exists already (its address or domain), used instead of a new one. */
  existingIdentity?: string;
  /** Where links in the e-mails point. */
  siteUrl: string;
}

export class PortalMail extends Construct {
  private readonly siteUrl: string;
  private readonly sender?: { mailFrom: string; identity: IEmailIdentity };

  constructor(scope: Construct, id: string, props: PortalMailProps) {
    super(scope, id);
    this.siteUrl = props.siteUrl;
    if (props.mailFrom) {
      // SES e-mails the address a verification link at deploy time; until it is clicked, sending fails.
      const identity = props.existingIdentity
        ? EmailIdentity.fromEmailIdentityName(this, 'Sender', props.existingIdentity)
        : new EmailIdentity(this, 'Sender', { identity: Identity.email(mailAddress(props.mailFrom)) });
      this.sender = { mailFrom: props.mailFrom, identity };
    }
  }

  /** The site's address for links, and, when mail is on, the sender with the right to send as it. */
  bind(fn: PortalFunction): void {
    fn.setEnvironment('SITE_URL', this.siteUrl);
    if (!this.sender) return;
    fn.setEnvironment('MAIL_FROM', this.sender.mailFrom);
    this.sender.identity.grantSendEmail(fn.handler);
  }
}
