// The portal's own e-mail through SES, switched on by the `mailFrom` context value. Without it no function
// gets MAIL_FROM and the portal logs that its e-mail is off. With it: the sender's identity (the address, or
// with `mailDomain` the whole domain with DKIM), and a configuration set every e-mail is sent with, which
// publishes bounces and complaints to an SNS topic; mailFeedback records them, so the portal stops writing to
// those addresses (SES's own suppression list is off for the set: the portal's list is the one that decides,
// and administrators see and clear it). With `mailIdentity`, an SES identity that exists already in the
// region (the address or its domain) is used instead of a new one.
import { CfnOutput, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  type IEmailIdentity,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { type DeadLetters, deadLetterQueue } from './dead-letters';
import { PortalFunction } from './portal-function';
import { mailAddress } from './settings';
import { mailFeedback } from '../lambdas/platform/deployment';

export interface PortalMailProps {
  mailFrom?: string;
  /** E-mails a second (SES's sending rate); the mailer's default when absent. */
  mailRate?: number;
  /** The sender's domain as the SES identity, with DKIM (the recommended setup); else the address alone. */
  mailDomain?: string;
  /** An SES identity of the sender that exists already (its address or domain), used instead of a new one. */
  existingIdentity?: string;
  /** Where links in the e-mails point. */
  siteUrl: string;
  /** Where mailFeedback records the addresses that bounced or complained. */
  table: ITableV2;
}

interface Sender {
  mailFrom: string;
  identity: IEmailIdentity;
  configurationSet: ConfigurationSet;
  mailRate?: number;
}

export class PortalMail extends Construct {
  private readonly siteUrl: string;
  private readonly sender?: Sender;
  /** Where the bounces and complaints go that could not be recorded (when mail is on). */
  feedbackDeadLetters?: DeadLetters;

  constructor(scope: Construct, id: string, props: PortalMailProps) {
    super(scope, id);
    this.siteUrl = props.siteUrl;
    if (!props.mailFrom) return;
    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { disableSuppressionList: true });
    // SES e-mails the address a verification link at deploy time (a domain: its DKIM records in DNS verify
    // it); until then, sending fails. An identity that exists already is used as it is.
    const created = props.existingIdentity
      ? undefined
      : new EmailIdentity(this, 'Sender', {
          identity: props.mailDomain ? Identity.domain(props.mailDomain) : Identity.email(mailAddress(props.mailFrom)),
          configurationSet,
        });
    const identity = created ?? EmailIdentity.fromEmailIdentityName(this, 'Sender', props.existingIdentity!);
    this.sender = { mailFrom: props.mailFrom, identity, configurationSet, mailRate: props.mailRate };

    const feedback = new Topic(this, 'Feedback', { enforceSSL: true });
    Validations.of(feedback).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        "SES publishes only addresses and bounce codes here, and cannot publish to a topic under the AWS-managed key; a key of the portal's own would cost more than the data is worth.",
    });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(feedback),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    const recorder = new PortalFunction(this, 'mailFeedback', {
      entry: mailFeedback.module,
      description: mailFeedback.summary,
    });
    recorder.bindTable(props.table, mailFeedback.table);
    // A notification SNS could not hand to the function (throttled, unavailable) waits here instead of being lost.
    this.feedbackDeadLetters = deadLetterQueue(this, 'FeedbackDeadLetters', 'mailFeedback', 'a bounce or a complaint');
    feedback.addSubscription(
      new LambdaSubscription(recorder.handler, { deadLetterQueue: this.feedbackDeadLetters.queue }),
    );

    if (props.mailDomain && created)
      created.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DNS record ${index + 1} of 3 that verifies ${props.mailDomain} for SES and signs its e-mail (DKIM)`,
        });
      });
  }

  /** The configuration set the user pool's own e-mails are sent with too (when they go through SES). */
  get configurationSetName(): string | undefined {
    return this.sender?.configurationSet.configurationSetName;
  }

  /** The site's address for links, and, when mail is on, the sender with the right to send as it. */
  bind(fn: PortalFunction): void {
    fn.setEnvironment('SITE_URL', this.siteUrl);
    if (!this.sender) return;
    const { mailFrom, identity, configurationSet, mailRate } = this.sender;
    fn.setEnvironment('MAIL_FROM', mailFrom);
    fn.setEnvironment('MAIL_CONFIGURATION_SET', configurationSet.configurationSetName);
    if (mailRate) fn.setEnvironment('MAIL_SEND_RATE', String(mailRate));
    identity.grantSendEmail(fn.handler);
    // Sending with a configuration set needs the right on the set too.
    fn.handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
