// A dead-letter queue: where a record or a notification goes once its retries are spent, kept 14 days for
// someone to look at, and watched by an alarm (infra/alarms.ts).
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface DeadLetters {
  /** Who gives up into this queue, for the alarm's description ("The mailer gave up on …"). */
  owner: string;
  /** What it gave up on. */
  gaveUpOn: string;
  queue: Queue;
}

export function deadLetterQueue(scope: Construct, id: string, owner: string, gaveUpOn: string): DeadLetters {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  for (const rule of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'])
    Validations.of(queue).acknowledge({ id: rule, reason: `This queue is itself the dead-letter queue of ${owner}.` });
  return { owner, gaveUpOn, queue };
}
