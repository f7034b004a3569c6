// The operational alarms: what an engineer who runs the portal is told when something goes wrong, on one SNS
// topic whose subscribers are the `alarmEmail` addresses. Each alarm says in its description what it means;
// the runbook (docs/deploying.md, "Alarms and what to do") says what to do. CloudFront's metrics exist in us-east-1 only, so its alarm lives there,
// with a topic of the edge stack that has the same subscribers.
import { Aws, Duration, type Stack, Validations } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { SnsTopic } from 'aws-cdk-lib/aws-events-targets';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, portalMetrics } from '../lambdas/platform/metrics';
import { EDGE_REGION, edgeMetricNames } from './edge-acl';
import type { RegistrationDay } from './capacity';
import { mailerIteratorAgeMs, SES_DEFAULTS } from './capacity-limits';
import { POOL_ACL_METRIC } from './user-pool';
import { portalMetric } from './portal-metric';
import { portalStackOf } from './stack-of';
import type { DeadLetters } from './dead-letters';
import { acknowledgeCustomResourceHandler, PortalFunction } from './portal-function';

/** The limits the alarms go off at; the runbook names the same figures. */
export const ALARM_LIMITS = {
  /** Messages in a dead-letter queue (each is work given up on after its retries). */
  deadLetters: 1,
  /** E-mails the mailer stopped trying, in 5 minutes (each waits for an administrator to send it again). */
  mailGivenUp: 1,
  /**
   * How far behind the table's stream a consumer may fall, ms (an enrollment's e-mail waits this long). The
   * mailer's is longer when the opening's e-mails take longer to send at SES's rate (mailerIteratorAgeMs).
   */
  iteratorAgeMs: 120_000,
  /** Failed invocations of one function in 5 minutes (a crash or a timeout: handled errors are answers). */
  functionErrors: 1,
  /** Invocations Lambda refused for want of concurrency, in a minute. */
  throttles: 1,
  /** Share of the API's answers that are 5xx, in 5 minutes, once it had at least 20 calls (%). */
  api5xxPercent: 1,
  /** The API's 95th-percentile latency for 3 minutes running, ms (an enroll waits up to 6 s in a rush). */
  apiLatencyP95Ms: 5_000,
  /** Table requests DynamoDB throttled, in 5 minutes (the SDK retries a few; many mean failed calls). */
  tableThrottles: 10,
  /** Writes DynamoDB cancelled for a transaction on the same item, in 5 minutes (retried; many mean contention). */
  transactionConflicts: 50,
  /** Share of CloudFront's answers that are 5xx, in 5 minutes (%). */
  cloudFront5xxPercent: 2,
  /** SES's bounce rate (AWS reviews an account at 5 %, pauses it at 10 %). */
  sesBounceRate: 0.05,
  /** SES's complaint rate (AWS reviews an account at 0.1 %, pauses it at 0.5 %). */
  sesComplaintRate: 0.001,
  /** The share of the account's Lambda concurrency quota in use (%). */
  concurrencyPercent: 80,
  /** Sign-ins, refreshes and sign-ups Cognito throttled, in a minute (Amplify tries twice more; then the family sees an error). */
  cognitoThrottles: 1,
  /** The share of Cognito's UserAuthentication quota (sign-ins and refreshes a second) in use, over a minute (%). */
  cognitoQuotaPercent: 80,
  /** The share of SES's 24-hour sending quota sent in a day (%). */
  sesDailyQuotaPercent: 80,
  /** API answers 429 in a minute: API Gateway's throttles and the portal's own "very busy" (families turned away). */
  apiThrottled: 20,
  /** Requests CloudFront's web ACL blocked in 5 minutes (an attack, or families over the per-address allowance). */
  edgeBlocks: 300,
  /** Calls to the user pool its web ACL blocked in 5 minutes (sign-ups over the per-address limit). */
  poolBlocks: 20,
  /** A month's cost, as a share of the budget: the actual past this, or the forecast past 100 % (%). */
  budgetActualPercent: 80,
} as const;

/** The functions whose throttling is told apart: the enroll path and the Cognito trigger that signs families up. */
export const CRITICAL_FUNCTIONS = ['enroll', 'enrollmentRequest', 'customMessage'] as const;

export interface PortalAlarmsProps {
  stage: HttpStage;
  table: ITableV2;
  distribution: Distribution;
  /** The us-east-1 stack beside the portal's, where CloudFront's alarm and its topic go. */
  edge: Stack;
  streamConsumers: Array<{ name: string; fn: PortalFunction }>;
  /** Every dead-letter queue of the stack: a message in one is work given up on. */
  deadLetters: DeadLetters[];
  /** The portal sends e-mail through SES: its reputation is watched. */
  mailOn: boolean;
  alarmEmails: string[];
  /** The day the stack is sized for: the mailer's backlog at the opening follows it. */
  day: RegistrationDay;
  /** SES's sending rate (e-mails a second) and 24-hour quota, as the account has them. */
  mail: { rate?: number; dailyQuota?: number };
  /** The user pool and the web app's client, whose sign-ins are watched. */
  users: { poolId: string; clientId: string };
  /** The API's access log: its 429s are counted from it (an HTTP API has no metric of its own for them). */
  accessLogs: ILogGroup;
  /** The vault of the table's backups: a backup job that fails there is told. */
  backupVaultName: string;
  /** The month's budget in USD (none: no budget is made). */
  monthlyBudget?: number;
}

export class PortalAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: PortalAlarmsProps) {
    super(scope, id);
    this.prefix = portalStackOf(this).stackName;
    this.topic = alarmTopic(this, 'Topic', `${this.prefix}-alarms`, props.alarmEmails);
    this.watchDeadLetters(props.deadLetters);
    this.watchStreamConsumers(props.streamConsumers, mailerIteratorAgeMs(props.day, props.mail.rate));
    this.watchFunctions();
    this.watchApi(props.stage, props.accessLogs);
    this.watchTable(props.table);
    if (props.mailOn) this.watchMail(props.mail.dailyQuota ?? SES_DEFAULTS.perDay);
    this.watchConcurrency();
    this.watchSignIns(props.users);
    this.watchBackups(props.backupVaultName);
    if (props.monthlyBudget && props.alarmEmails.length) this.watchCost(props.monthlyBudget, props.alarmEmails);
    this.watchEdge(props.distribution, props.edge, props.alarmEmails);
  }

  private add(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    options: { evaluationPeriods?: number; comparison?: ComparisonOperator; scope?: Construct; topic?: Topic } = {},
  ): Alarm {
    const alarm = new Alarm(options.scope ?? this, id, {
      alarmName: `${this.prefix}-${id}`,
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(options.topic ?? this.topic));
    alarm.addOkAction(new SnsAction(options.topic ?? this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private watchDeadLetters(deadLetters: DeadLetters[]): void {
    for (const { owner, gaveUpOn, queue } of deadLetters)
      this.add(
        `${owner.replace(/^the /, '')}-dead-letters`,
        queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: Duration.minutes(5) }),
        ALARM_LIMITS.deadLetters,
        `${owner[0]!.toUpperCase()}${owner.slice(1)} gave up on ${gaveUpOn} after its retries: it is in its dead-letter queue.`,
      );
  }

  /** The mailer may fall behind by `mailerAgeMs`: the opening's e-mails take that long at SES's rate. */
  private watchStreamConsumers(consumers: PortalAlarmsProps['streamConsumers'], mailerAgeMs: number): void {
    for (const { name, fn } of consumers) {
      const ageMs = name === 'mailer' ? mailerAgeMs : ALARM_LIMITS.iteratorAgeMs;
      this.add(
        `${name}-iterator-age`,
        fn.handler.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) }),
        ageMs,
        `The ${name} is more than ${Math.round(ageMs / 1000)} s behind the table's stream, 3 minutes running.`,
        { evaluationPeriods: 3 },
      );
    }
  }

  private watchFunctions(): void {
    const functions = portalStackOf(this)
      .node.findAll()
      .filter((construct): construct is PortalFunction => construct instanceof PortalFunction);
    for (const fn of functions) {
      this.add(
        `${fn.node.id}-errors`,
        fn.handler.metricErrors({ statistic: 'Sum', period: Duration.minutes(5) }),
        ALARM_LIMITS.functionErrors,
        `The function ${fn.node.id} failed (crashed or timed out) rather than answer.`,
      );
      if ((CRITICAL_FUNCTIONS as readonly string[]).includes(fn.node.id)) {
        this.add(
          `${fn.node.id}-throttles`,
          fn.handler.metricThrottles({ statistic: 'Sum', period: Duration.minutes(1) }),
          ALARM_LIMITS.throttles,
          `Lambda refused calls of ${fn.node.id} for want of concurrency.`,
        );
      }
    }
    this.add(
      'lambda-throttles',
      new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: Duration.minutes(1) }),
      ALARM_LIMITS.throttles,
      "Lambda refused calls of a function of this account and region for want of concurrency (the account's quota).",
    );
  }

  private watchApi(stage: HttpStage, accessLogs: ILogGroup): void {
    // An HTTP API counts its 4xx together: its 429s are counted from the access log, per stack.
    const throttled = new MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: `${this.prefix}-ApiThrottled`,
      metricValue: '1',
    });
    this.add(
      'api-throttled',
      throttled.metric({ statistic: 'Sum', period: Duration.minutes(1) }),
      ALARM_LIMITS.apiThrottled,
      `The API answered ${ALARM_LIMITS.apiThrottled} or more calls in a minute with 429: API Gateway's throttle, or the portal's own "very busy".`,
    );
    const period = Duration.minutes(5);
    this.add(
      'api-5xx-rate',
      new MathExpression({
        expression: 'IF(calls >= 20, 100 * failed / calls, 0)',
        usingMetrics: {
          calls: stage.metricCount({ statistic: 'Sum', period }),
          failed: stage.metricServerError({ statistic: 'Sum', period }),
        },
        period,
        label: 'API answers that are 5xx (%)',
      }),
      ALARM_LIMITS.api5xxPercent,
      `More than ${ALARM_LIMITS.api5xxPercent} % of the API's answers in 5 minutes were 5xx.`,
    );
    this.add(
      'api-latency',
      stage.metricLatency({ statistic: 'p95', period: Duration.minutes(1) }),
      ALARM_LIMITS.apiLatencyP95Ms,
      `The API's 95th-percentile answer took more than ${ALARM_LIMITS.apiLatencyP95Ms / 1000} s for 3 minutes running.`,
      { evaluationPeriods: 3 },
    );
  }

  private watchTable(table: ITableV2): void {
    const period = Duration.minutes(5);
    const operations = [
      'GetItem',
      'BatchGetItem',
      'Query',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
      'BatchWriteItem',
      'TransactGetItems',
      'TransactWriteItems',
    ];
    this.add(
      'table-throttles',
      sumOf(
        'op',
        operations.map(
          (operation) =>
            new Metric({
              namespace: 'AWS/DynamoDB',
              metricName: 'ThrottledRequests',
              dimensionsMap: { TableName: table.tableName, Operation: operation },
              statistic: 'Sum',
              period,
            }),
        ),
        'Throttled table requests',
      ),
      ALARM_LIMITS.tableThrottles,
      `DynamoDB throttled ${ALARM_LIMITS.tableThrottles} or more requests to the table in 5 minutes.`,
    );
    this.add(
      'table-transaction-conflicts',
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName: 'TransactionConflict',
        dimensionsMap: { TableName: table.tableName },
        statistic: 'Sum',
        period,
      }),
      ALARM_LIMITS.transactionConflicts,
      `DynamoDB cancelled ${ALARM_LIMITS.transactionConflicts} or more writes in 5 minutes for transactions on the same items.`,
    );
  }

  private watchMail(dailyQuota: number): void {
    this.add(
      'ses-daily-quota',
      new Metric({ namespace: 'AWS/SES', metricName: 'Send', statistic: 'Sum', period: Duration.days(1) }),
      Math.floor((dailyQuota * ALARM_LIMITS.sesDailyQuotaPercent) / 100),
      `The account sent ${ALARM_LIMITS.sesDailyQuotaPercent} % of its SES quota of ${dailyQuota.toLocaleString('en-US')} e-mails in 24 hours: past it, SES refuses every e-mail until the day is over.`,
    );
    this.add(
      'mail-given-up',
      portalMetric(this.prefix, portalMetrics.mailGivenUp, Duration.minutes(5)),
      ALARM_LIMITS.mailGivenUp,
      'The mailer stopped trying an e-mail after its tries (SES refused it, e.g. in its sandbox): it waits under Messages, Failed e-mail, to be sent again.',
    );
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    this.add(
      'ses-bounce-rate',
      reputation('Reputation.BounceRate'),
      ALARM_LIMITS.sesBounceRate,
      `SES's bounce rate reached ${ALARM_LIMITS.sesBounceRate * 100} %: AWS reviews the account from there and pauses its sending at 10 %.`,
    );
    this.add(
      'ses-complaint-rate',
      reputation('Reputation.ComplaintRate'),
      ALARM_LIMITS.sesComplaintRate,
      `SES's complaint rate reached ${ALARM_LIMITS.sesComplaintRate * 100} %: AWS reviews the account from there and pauses its sending at 0.5 %.`,
    );
  }

  private watchConcurrency(): void {
    this.add(
      'lambda-concurrency',
      new MathExpression({
        expression: '100 * used / SERVICE_QUOTA(used)',
        usingMetrics: {
          used: new Metric({
            namespace: 'AWS/Usage',
            metricName: 'ResourceCount',
            dimensionsMap: { Service: 'Lambda', Resource: 'ConcurrentExecutions', Type: 'Resource', Class: 'None' },
            statistic: 'Maximum',
            period: Duration.minutes(1),
          }),
        },
        period: Duration.minutes(1),
        label: "Lambda concurrency, % of the account's quota",
      }),
      ALARM_LIMITS.concurrencyPercent,
      `The account's Lambda functions in this region use ${ALARM_LIMITS.concurrencyPercent} % or more of its concurrency quota.`,
    );
  }

  /** Cognito's throttles of the web app's sign-ins, refreshes and sign-ups, and its UserAuthentication quota in use. */
  private watchSignIns(users: PortalAlarmsProps['users']): void {
    const period = Duration.minutes(1);
    const throttles = ['SignInThrottles', 'TokenRefreshThrottles', 'SignUpThrottles'];
    this.add(
      'cognito-throttles',
      sumOf(
        't',
        throttles.map(
          (metricName) =>
            new Metric({
              namespace: 'AWS/Cognito',
              metricName,
              dimensionsMap: { UserPool: users.poolId, UserPoolClient: users.clientId },
              statistic: 'Sum',
              period,
            }),
        ),
        'Sign-ins, refreshes and sign-ups throttled',
      ),
      ALARM_LIMITS.cognitoThrottles,
      'Cognito throttled sign-ins, token refreshes or sign-ups of the web app: families may see "Failed to log in".',
    );
    this.add(
      'cognito-quota',
      new MathExpression({
        expression: '100 * (calls / 60) / SERVICE_QUOTA(calls)',
        usingMetrics: {
          calls: new Metric({
            namespace: 'AWS/Usage',
            metricName: 'CallCount',
            dimensionsMap: {
              Service: 'Cognito User Pools',
              Type: 'API',
              Resource: 'UserAuthentication',
              Class: 'None',
            },
            statistic: 'Sum',
            period,
          }),
        },
        period,
        label: "Cognito UserAuthentication, % of the account's quota",
      }),
      ALARM_LIMITS.cognitoQuotaPercent,
      `Sign-ins and refreshes used ${ALARM_LIMITS.cognitoQuotaPercent} % or more of Cognito's UserAuthentication quota (requests a second) over a minute.`,
    );
  }

  /** A backup job of the table's vault that failed, was aborted or expired, told at once through the alarms' topic. */
  private watchBackups(vaultName: string): void {
    const rule = new Rule(this, 'BackupJobFailed', {
      description: 'A backup job of the table failed, was aborted or expired',
      eventPattern: {
        source: ['aws.backup'],
        detailType: ['Backup Job State Change'],
        detail: { state: ['FAILED', 'ABORTED', 'EXPIRED'], backupVaultName: [vaultName] },
      },
      targets: [
        new SnsTopic(this.topic, {
          message: RuleTargetInput.fromText(
            `${this.prefix}-backup-failed: AWS Backup's job ${EventField.fromPath('$.detail.backupJobId')} of the table ended ${EventField.fromPath('$.detail.state')}: ${EventField.fromPath('$.detail.statusMessage')}`,
          ),
        }),
      ],
    });
    Validations.of(rule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason:
        "A notice EventBridge could not publish is told again by the next day's job, and AWS Backup's console lists every failed job; a queue of lost notices would need an alarm of its own.",
    });
  }

  /** The month's cost against its budget, e-mailed to the alarm addresses by AWS Budgets (account-wide). */
  private watchCost(monthlyBudget: number, alarmEmails: string[]): void {
    const subscribers = alarmEmails.slice(0, 10).map((address) => ({ subscriptionType: 'EMAIL', address }));
    new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `${this.prefix}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: monthlyBudget, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        {
          notification: {
            notificationType: 'ACTUAL',
            comparisonOperator: 'GREATER_THAN',
            threshold: ALARM_LIMITS.budgetActualPercent,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
      ],
    });
  }

  /**
   * CloudFront's 5xx rate: its metrics exist in us-east-1 only, and the distribution only once this stack
   * made it, after the edge stack. So this stack puts the alarm there itself (and removes it with itself),
   * acting on the edge stack's topic.
   */
  private watchEdge(distribution: Distribution, edge: Stack, alarmEmails: string[]): void {
    const topicName = `${this.prefix}-edge-alarms`;
    const edgeTopic = alarmTopic(edge, 'AlarmTopic', topicName, alarmEmails);
    const blocked = (dimensionsMap: Record<string, string>) =>
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { ...dimensionsMap, Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    // The web ACL and its metrics are the edge stack's, in us-east-1: so is this alarm.
    this.add(
      'edge-blocks',
      blocked({ WebACL: edgeMetricNames(this.prefix).acl }),
      ALARM_LIMITS.edgeBlocks,
      `CloudFront's web ACL blocked ${ALARM_LIMITS.edgeBlocks} or more requests in 5 minutes: an attack, or families over the per-address allowance.`,
      { scope: edge, topic: edgeTopic },
    );
    this.add(
      'user-pool-blocks',
      blocked({ WebACL: POOL_ACL_METRIC, Region: Aws.REGION }),
      ALARM_LIMITS.poolBlocks,
      `The user pool's web ACL blocked ${ALARM_LIMITS.poolBlocks} or more calls in 5 minutes: sign-ups over the per-address limit.`,
    );
    const topicArn = `arn:${Aws.PARTITION}:sns:${EDGE_REGION}:${Aws.ACCOUNT_ID}:${topicName}`;
    const alarmName = `${this.prefix}-cloudfront-5xx-rate`;
    const alarm = new AwsCustomResource(this, 'CloudFront5xxRate', {
      onUpdate: {
        service: 'CloudWatch',
        action: 'putMetricAlarm',
        region: EDGE_REGION,
        parameters: {
          AlarmName: alarmName,
          AlarmDescription: `More than ${ALARM_LIMITS.cloudFront5xxPercent} % of CloudFront's answers in 5 minutes were 5xx (the site or the API).`,
          Namespace: 'AWS/CloudFront',
          MetricName: '5xxErrorRate',
          Dimensions: [
            { Name: 'DistributionId', Value: distribution.distributionId },
            { Name: 'Region', Value: 'Global' },
          ],
          Statistic: 'Average',
          Period: 300,
          EvaluationPeriods: 1,
          Threshold: ALARM_LIMITS.cloudFront5xxPercent,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
          AlarmActions: [topicArn],
          OKActions: [topicArn],
        },
        physicalResourceId: PhysicalResourceId.of(alarmName),
      },
      onDelete: {
        service: 'CloudWatch',
        action: 'deleteAlarms',
        region: EDGE_REGION,
        parameters: { AlarmNames: [alarmName] },
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [`arn:${Aws.PARTITION}:cloudwatch:${EDGE_REGION}:${Aws.ACCOUNT_ID}:alarm:${alarmName}`],
      }),
      installLatestAwsSdk: false,
      memorySize: 256,
    });
    acknowledgeCustomResourceHandler(alarm);
  }
}

/** Metrics of one period added up, as one alarm watches them: `<prefix>0 + <prefix>1 + …`. */
function sumOf(prefix: string, metrics: Metric[], label: string): MathExpression {
  return new MathExpression({
    expression: metrics.map((_, index) => `${prefix}${index}`).join(' + '),
    usingMetrics: Object.fromEntries(metrics.map((metric, index) => [`${prefix}${index}`, metric])),
    period: metrics[0]!.period,
    label,
  });
}

/** A topic for alarm notices, e-mailed to each address (each confirms its subscription once). */
function alarmTopic(scope: Construct, id: string, topicName: string, alarmEmails: string[]): Topic {
  const topic = new Topic(scope, id, { topicName, displayName: 'Registration portal alarms', enforceSSL: true });
  for (const address of alarmEmails) topic.addSubscription(new EmailSubscription(address));
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason: "Notices carry alarm names only; CloudWatch cannot publish to a topic under AWS's own SNS key.",
  });
  Validations.of(topic).acknowledge({
    id: 'Serverless-SNSRedrivePolicy',
    reason: 'SNS retries e-mail deliveries itself; a queue of lost alarm notices would need an alarm of its own.',
  });
  return topic;
}
