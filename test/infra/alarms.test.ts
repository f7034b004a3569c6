// The operational alarms, each with its metric, threshold and action (the alarms' topic, e-mailed to the
// alarmEmail addresses), and the registration-day dashboard.
import type { NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { manifest } from '../../lambdas/contract/manifest';
import { METRICS_NAMESPACE, portalMetrics } from '../../lambdas/platform/metrics';
import { ALARM_LIMITS, CRITICAL_FUNCTIONS } from '../../infra/alarms';
import { registrationDay } from '../../infra/capacity';
import { mailerIteratorAgeMs, openingEmails } from '../../infra/capacity-limits';
import { PortalFunction } from '../../infra/portal-function';
import { logicalId, synthesizePortal, TEST_ACCOUNT } from './synthesize';
import { feeds, schedules, streamConsumers, userPoolTriggers } from '../../lambdas/platform/deployment';

const withMail = synthesizePortal({
  context: {
    mailFrom: 'Registration Portal <registration@mountainschool.example>',
    alarmEmail: 'ops@mountainschool.example, head@mountainschool.example',
    mailDailyQuota: '200000',
    monthlyBudget: '120',
  },
});
const withoutMail = synthesizePortal();
const { stack, assembly } = withMail;
type Resource = { Type: string; Properties: Record<string, any> };
// The alarms and the dashboard sit in a nested stack (a stack holds at most 500 resources); what they
// watch is the portal stack's, passed in as the nested stack's parameters.
const monitoringOf = (synth: typeof withMail) => synth.stack.node.findChild('Monitoring') as NestedStack;
const monitoring = monitoringOf(withMail);
const template = Template.fromStack(monitoring);
const resources = template.toJSON().Resources as Record<string, Resource>;
const monitoringParameters = Object.values(withMail.template.findResources('AWS::CloudFormation::Stack'))[0]!.Properties
  .Parameters as Record<string, unknown>;
/** How the nested stack refers to a resource of the portal stack: the parameter the portal stack passes it as. */
const fromPortalStack = (construct: IConstruct, attribute?: string) => {
  const value = attribute ? { 'Fn::GetAtt': [logicalId(construct), attribute] } : { Ref: logicalId(construct) };
  const parameter = Object.keys(monitoringParameters).find((name) =>
    isDeepStrictEqual(monitoringParameters[name], value),
  );
  if (!parameter) throw new Error(`${construct.node.path} is not passed to the monitoring stack`);
  return { Ref: parameter };
};
const alarms = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm');
const alarmNamed = (name: string) => {
  const found = alarms.find((alarm) => alarm.Properties.AlarmName === `RegistrationPortal-${name}`);
  if (!found) throw new Error(`No alarm ${name}`);
  return found.Properties;
};
const topicId = logicalId(monitoring.node.findChild('Alarms').node.findChild('Topic'));
const functions = stack.node
  .findAll()
  .filter((construct): construct is PortalFunction => construct instanceof PortalFunction);
const handlerOf = (name: string) => functions.find((fn) => fn.node.id === name)!.handler;
const tableName = fromPortalStack(stack.node.findChild('Table'));

describe('the alarms topic', () => {
  test('e-mails every alarmEmail address, and refuses publishers without TLS', () => {
    for (const address of ['ops@mountainschool.example', 'head@mountainschool.example'])
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: address,
        TopicArn: { Ref: topicId },
      });
    expect(resources[topicId]!.Properties.TopicName).toBe('RegistrationPortal-alarms');
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          // EventBridge publishes a failed backup job's notice to it.
          Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'events.amazonaws.com' } }),
        ],
      },
    });
  });

  test('receives every alarm going off and clearing', () => {
    expect(alarms.length).toBeGreaterThan(40);
    for (const alarm of alarms) {
      expect(alarm.Properties).toMatchObject({
        AlarmActions: [{ Ref: topicId }],
        OKActions: [{ Ref: topicId }],
        TreatMissingData: 'notBreaching',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmDescription: expect.stringMatching(/^[^\n]{20,}$/),
      });
    }
  });
});

describe.each(Object.keys(streamConsumers))('the stream consumer %s', (name) => {
  test('its dead-letter queue not empty', () => {
    const queue = stack.node.findChild('StreamConsumers').node.findChild(`${name}DeadLetters`);
    expect(alarmNamed(`${name}-dead-letters`)).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: fromPortalStack(queue, 'QueueName') }],
      Statistic: 'Maximum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: ALARM_LIMITS.deadLetters,
    });
  });

  test(`its iterator age over ${ALARM_LIMITS.iteratorAgeMs} ms for 3 minutes (the mailer's: the opening's e-mails at SES's rate)`, () => {
    expect(alarmNamed(`${name}-iterator-age`)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: fromPortalStack(handlerOf(name)) }],
      Statistic: 'Maximum',
      Period: 60,
      EvaluationPeriods: 3,
      Threshold: name === 'mailer' ? mailerIteratorAgeMs(registrationDay({})) : 120_000,
    });
  });
});

test("the mailer's backlog alarm waits out the opening's e-mails at SES's rate: twice their time, at least 2 minutes", () => {
  const day = registrationDay({});
  expect(openingEmails(day)).toBeGreaterThan(1_000);
  expect(mailerIteratorAgeMs(day, 14)).toBe(Math.ceil((2 * openingEmails(day)) / 14) * 1000);
  expect(mailerIteratorAgeMs(day, 14)).toBeGreaterThan(120_000);
  expect(mailerIteratorAgeMs(registrationDay({ families: 20 }), 14)).toBe(120_000);
  expect(mailerIteratorAgeMs(day, 1_000)).toBe(120_000);
});

test('the bounces and complaints SNS could not hand to mailFeedback: kept in a queue that is watched', () => {
  const queue = stack.node.findChild('Mail').node.findChild('FeedbackDeadLetters');
  withMail.template.hasResourceProperties('AWS::SNS::Subscription', {
    Protocol: 'lambda',
    RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(queue), 'Arn'] } },
  });
  expect(alarmNamed('mailFeedback-dead-letters')).toMatchObject({
    MetricName: 'ApproximateNumberOfMessagesVisible',
    Dimensions: [{ Name: 'QueueName', Value: fromPortalStack(queue, 'QueueName') }],
    Threshold: ALARM_LIMITS.deadLetters,
  });
});

const everyFunction = [
  ...Object.keys(manifest),
  ...Object.keys(feeds),
  ...Object.values(userPoolTriggers),
  ...Object.keys(streamConsumers),
  ...Object.keys(schedules),
  'rotateOriginSecret',
  'mailFeedback',
];

test.each(everyFunction)('the function %s: any failed invocation in 5 minutes', (name) => {
  expect(alarmNamed(`${name}-errors`)).toMatchObject({
    Namespace: 'AWS/Lambda',
    MetricName: 'Errors',
    Dimensions: [{ Name: 'FunctionName', Value: fromPortalStack(handlerOf(name)) }],
    Statistic: 'Sum',
    Period: 300,
    Threshold: 1,
  });
});

test('every function of the stack has its errors alarm', () => {
  expect(functions.map((fn) => fn.node.id).sort()).toEqual([...everyFunction].sort());
});

test.each(CRITICAL_FUNCTIONS)('the function %s: any throttled call, told apart', (name) => {
  expect(alarmNamed(`${name}-throttles`)).toMatchObject({
    Namespace: 'AWS/Lambda',
    MetricName: 'Throttles',
    Dimensions: [{ Name: 'FunctionName', Value: fromPortalStack(handlerOf(name)) }],
    Statistic: 'Sum',
    Period: 60,
    Threshold: 1,
  });
});

test("any throttled Lambda call of the account, and its concurrency at 80 % of the account's quota", () => {
  expect(alarmNamed('lambda-throttles')).toMatchObject({
    Namespace: 'AWS/Lambda',
    MetricName: 'Throttles',
    Statistic: 'Sum',
    Period: 60,
    Threshold: 1,
  });
  expect(alarmNamed('lambda-throttles').Dimensions).toBeUndefined();
  const concurrency = alarmNamed('lambda-concurrency');
  expect(concurrency.Threshold).toBe(80);
  expect(concurrency.Metrics).toEqual([
    expect.objectContaining({ Expression: '100 * used / SERVICE_QUOTA(used)', ReturnData: true }),
    expect.objectContaining({
      Id: 'used',
      ReturnData: false,
      MetricStat: {
        Metric: {
          Namespace: 'AWS/Usage',
          MetricName: 'ResourceCount',
          Dimensions: expect.arrayContaining([
            { Name: 'Service', Value: 'Lambda' },
            { Name: 'Resource', Value: 'ConcurrentExecutions' },
            { Name: 'Type', Value: 'Resource' },
            { Name: 'Class', Value: 'None' },
          ]),
        },
        Period: 60,
        Stat: 'Maximum',
      },
    }),
  ]);
});

describe('the API', () => {
  const apiDimensions = [
    { Name: 'ApiId', Value: fromPortalStack(stack.node.findChild('Api').node.findChild('HttpApi')) },
    { Name: 'Stage', Value: 'api' },
  ];

  test('5xx answers at 1 % of its calls in 5 minutes, from 20 calls on', () => {
    const rate = alarmNamed('api-5xx-rate');
    expect(rate.Threshold).toBe(ALARM_LIMITS.api5xxPercent);
    const byId: Record<string, Record<string, any>> = Object.fromEntries(
      (rate.Metrics as Array<Record<string, any>>).map((query) => [query.Id, query]),
    );
    expect(byId).toMatchObject({
      calls: {
        MetricStat: {
          Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: apiDimensions },
          Stat: 'Sum',
          Period: 300,
        },
      },
      failed: {
        MetricStat: {
          Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: apiDimensions },
          Stat: 'Sum',
          Period: 300,
        },
      },
    });
    expect(Object.values(byId).find((query) => query.Expression)).toMatchObject({
      Expression: 'IF(calls >= 20, 100 * failed / calls, 0)',
      ReturnData: true,
    });
  });

  test('a 95th-percentile latency of 5 s for 3 minutes running', () => {
    expect(alarmNamed('api-latency')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      Dimensions: apiDimensions,
      ExtendedStatistic: 'p95',
      Period: 60,
      EvaluationPeriods: 3,
      Threshold: 5_000,
    });
  });
});

describe('the table', () => {
  test('throttled requests of every operation the portal makes, summed over 5 minutes', () => {
    const throttles = alarmNamed('table-throttles');
    expect(throttles.Threshold).toBe(ALARM_LIMITS.tableThrottles);
    const queries = throttles.Metrics as Array<Record<string, any>>;
    const operations = queries.flatMap((query) =>
      query.MetricStat
        ? [
            query.MetricStat.Metric.Dimensions.find((dimension: { Name: string }) => dimension.Name === 'Operation')
              .Value,
          ]
        : [],
    );
    expect(operations.sort()).toEqual([
      'BatchGetItem',
      'BatchWriteItem',
      'DeleteItem',
      'GetItem',
      'PutItem',
      'Query',
      'TransactGetItems',
      'TransactWriteItems',
      'UpdateItem',
    ]);
    for (const query of queries.filter((query) => query.MetricStat))
      expect(query.MetricStat).toMatchObject({
        Metric: {
          Namespace: 'AWS/DynamoDB',
          MetricName: 'ThrottledRequests',
          Dimensions: expect.arrayContaining([{ Name: 'TableName', Value: tableName }]),
        },
        Stat: 'Sum',
        Period: 300,
      });
    expect(queries.find((query) => query.Expression)!.Expression).toBe(
      'op0 + op1 + op2 + op3 + op4 + op5 + op6 + op7 + op8',
    );
  });

  test('transaction conflicts', () => {
    expect(alarmNamed('table-transaction-conflicts')).toMatchObject({
      Namespace: 'AWS/DynamoDB',
      MetricName: 'TransactionConflict',
      Dimensions: [{ Name: 'TableName', Value: tableName }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: ALARM_LIMITS.transactionConflicts,
    });
  });
});

describe('the mail, when the portal sends some', () => {
  test.each([
    ['ses-bounce-rate', 'Reputation.BounceRate', 0.05],
    ['ses-complaint-rate', 'Reputation.ComplaintRate', 0.001],
  ])('%s: %s at %d, when the portal sends mail', (name, metricName, threshold) => {
    expect(alarmNamed(name)).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: metricName,
      Statistic: 'Maximum',
      Period: 3600,
      Threshold: threshold,
    });
  });

  test("an e-mail the mailer stopped trying: the portal's own figure, from the first one", () => {
    expect(alarmNamed('mail-given-up')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: portalMetrics.mailGivenUp,
      Dimensions: [{ Name: 'service', Value: 'RegistrationPortal' }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: ALARM_LIMITS.mailGivenUp,
    });
  });

  test('is not watched when the portal sends none (nor mailFeedback, which is not there then)', () => {
    const names = Object.values(
      Template.fromStack(monitoringOf(withoutMail)).toJSON().Resources as Record<string, Resource>,
    )
      .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm')
      .map((alarm) => alarm.Properties.AlarmName as string);
    const withMail = alarms.map((alarm) => alarm.Properties.AlarmName as string);
    expect(names.sort()).toEqual(withMail.filter((name) => !/-(ses|mailFeedback|mail-given-up)/.test(name)).sort());
    expect(names.length).toBe(withMail.length - 6);
  });
});

describe("CloudFront's 5xx rate, whose metrics exist in us-east-1 only", () => {
  const edge = assembly.getStackByName('RegistrationPortalEdge');
  const edgeResources = edge.template.Resources as Record<string, Resource>;

  test('is put there by this stack, acting on a topic of the edge stack e-mailed to the same addresses', () => {
    const readerId = logicalId(
      monitoring.node.findChild('Alarms').node.findChild('CloudFront5xxRate').node.findChild('Resource'),
    );
    // The call as JSON, its tokens (the distribution's id, the account) joined in by CloudFormation.
    const parts = resources[readerId]!.Properties.Create['Fn::Join'][1] as unknown[];
    const create = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'TOKEN')).join(''));
    const topicArn = `arn:aws:sns:us-east-1:${TEST_ACCOUNT}:RegistrationPortal-edge-alarms`;
    expect(create).toMatchObject({
      service: 'CloudWatch',
      action: 'putMetricAlarm',
      region: 'us-east-1',
      parameters: {
        AlarmName: 'RegistrationPortal-cloudfront-5xx-rate',
        Namespace: 'AWS/CloudFront',
        MetricName: '5xxErrorRate',
        Dimensions: [{ Name: 'DistributionId' }, { Name: 'Region', Value: 'Global' }],
        Statistic: 'Average',
        Period: 300,
        EvaluationPeriods: 1,
        Threshold: 2,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [expect.stringMatching(/:sns:us-east-1:.*:RegistrationPortal-edge-alarms$/)],
        OKActions: [expect.stringMatching(/:sns:us-east-1:.*:RegistrationPortal-edge-alarms$/)],
      },
    });
    expect(JSON.stringify(resources[readerId]!.Properties.Create)).toContain(
      fromPortalStack(stack.node.findChild('Site').node.findChild('Distribution')).Ref,
    );
    expect(JSON.parse(resources[readerId]!.Properties.Delete)).toMatchObject({
      action: 'deleteAlarms',
      region: 'us-east-1',
      parameters: { AlarmNames: ['RegistrationPortal-cloudfront-5xx-rate'] },
    });
    const topic = Object.entries(edgeResources).find(([, resource]) => resource.Type === 'AWS::SNS::Topic')!;
    expect(topic[1].Properties.TopicName).toBe('RegistrationPortal-edge-alarms');
    expect(topicArn).toContain(topic[1].Properties.TopicName);
    const subscriptions = Object.values(edgeResources).filter((resource) => resource.Type === 'AWS::SNS::Subscription');
    expect(subscriptions.map((subscription) => subscription.Properties.Endpoint).sort()).toEqual([
      'head@mountainschool.example',
      'ops@mountainschool.example',
    ]);
  });
});

describe('the registration-day dashboard', () => {
  const dashboard = Object.values(resources).find((resource) => resource.Type === 'AWS::CloudWatch::Dashboard')!;
  const body = JSON.stringify(dashboard.Properties.DashboardBody);

  test.each([
    ['enrollments per minute', [METRICS_NAMESPACE, portalMetrics.enrollments]],
    ['waitlist joins', [portalMetrics.waitlistJoins]],
    ['requests placed late', [portalMetrics.requestsPlacedLate]],
    ['mail sent, failed and given up', [portalMetrics.mailSent, portalMetrics.mailFailed, portalMetrics.mailGivenUp]],
    ['answers by status code', ['stats count(*) as answers by bin(1m), status']],
    ['latency percentiles', ['Latency', 'p50', 'p90', 'p99']],
    ['throttles', ['Throttles', 'ReadThrottleEvents', 'WriteThrottleEvents', '4xx']],
    ['conflicts', ['TransactionConflict']],
    ['the web firewall blocking', ['BlockedRequests', 'RegistrationPortal-api-requests-per-address']],
  ])('shows %s', (_, terms) => {
    for (const term of terms) expect(body).toContain(term);
  });

  test("the portal's own figures are this stack's (its service dimension)", () => {
    expect(body).toContain('\\"service\\",\\"RegistrationPortal\\"');
    withMail.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { POWERTOOLS_SERVICE_NAME: 'RegistrationPortal' } },
    });
    expect(dashboard.Properties.DashboardName).toBe('RegistrationPortal-registration-day');
  });
});

describe('what registration day exhausts', () => {
  const edge = assembly.getStackByName('RegistrationPortalEdge');
  const edgeResources = edge.template.Resources as Record<string, Resource>;
  const users = stack.node.findChild('Users');
  const metricsOf = (alarm: Record<string, any>) =>
    (alarm.Metrics as Array<{ Id: string; MetricStat?: { Metric: Record<string, any> }; Expression?: string }>) ?? [];

  test("Cognito's throttles of the web app's sign-ins, refreshes and sign-ups, from the first one in a minute", () => {
    const alarm = alarmNamed('cognito-throttles');
    expect(alarm.Threshold).toBe(ALARM_LIMITS.cognitoThrottles);
    const watched = metricsOf(alarm).flatMap(({ MetricStat }) => (MetricStat ? [MetricStat.Metric] : []));
    expect(watched.map((metric) => metric.MetricName).sort()).toEqual([
      'SignInThrottles',
      'SignUpThrottles',
      'TokenRefreshThrottles',
    ]);
    for (const metric of watched) {
      expect(metric.Namespace).toBe('AWS/Cognito');
      expect(metric.Dimensions).toEqual([
        { Name: 'UserPool', Value: fromPortalStack(users.node.findChild('Pool')) },
        { Name: 'UserPoolClient', Value: fromPortalStack(users.node.findChild('Pool').node.findChild('WebClient')) },
      ]);
    }
  });

  test("Cognito's UserAuthentication quota at 80 %, a second's calls against SERVICE_QUOTA", () => {
    const alarm = alarmNamed('cognito-quota');
    expect(alarm.Threshold).toBe(80);
    const [expression, calls] = [
      metricsOf(alarm).find((m) => m.Expression),
      metricsOf(alarm).find((m) => m.MetricStat),
    ];
    expect(expression!.Expression).toBe(`100 * (${calls!.Id} / 60) / SERVICE_QUOTA(${calls!.Id})`);
    expect(calls!.MetricStat!.Metric).toMatchObject({
      Namespace: 'AWS/Usage',
      MetricName: 'CallCount',
      Dimensions: expect.arrayContaining([
        { Name: 'Service', Value: 'Cognito User Pools' },
        { Name: 'Resource', Value: 'UserAuthentication' },
      ]),
    });
  });

  test("SES's 24-hour quota at 80 % of the account's (mailDailyQuota)", () => {
    expect(alarmNamed('ses-daily-quota')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Send',
      Statistic: 'Sum',
      Period: 86_400,
      Threshold: 160_000,
    });
  });

  test("the API's 429s, counted from its access log (an HTTP API has no metric of its own for them)", () => {
    const filter = Object.values(resources).find((resource) => resource.Type === 'AWS::Logs::MetricFilter')!;
    expect(filter.Properties).toMatchObject({
      FilterPattern: '{ $.status = "429" }',
      LogGroupName: fromPortalStack(stack.node.findChild('Api').node.findChild('AccessLogs')),
      MetricTransformations: [
        { MetricNamespace: METRICS_NAMESPACE, MetricName: 'RegistrationPortal-ApiThrottled', MetricValue: '1' },
      ],
    });
    expect(alarmNamed('api-throttled')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'RegistrationPortal-ApiThrottled',
      Period: 60,
      Threshold: ALARM_LIMITS.apiThrottled,
    });
  });

  test("blocks of CloudFront's web ACL, alarmed in us-east-1 on the edge stack's topic", () => {
    const [, alarm] = Object.entries(edgeResources).find(
      ([, resource]) => resource.Properties?.AlarmName === 'RegistrationPortal-edge-blocks',
    )!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'RegistrationPortal-edge' },
      ],
      Period: 300,
      Threshold: ALARM_LIMITS.edgeBlocks,
    });
    const edgeTopic = Object.entries(edgeResources).find(([, resource]) => resource.Type === 'AWS::SNS::Topic')![0];
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: edgeTopic }]);
  });

  test("blocks of the user pool's web ACL, in the portal's region", () => {
    expect(alarmNamed('user-pool-blocks')).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: expect.arrayContaining([
        { Name: 'WebACL', Value: 'PortalUserPool' },
        { Name: 'Rule', Value: 'ALL' },
      ]),
      Threshold: ALARM_LIMITS.poolBlocks,
    });
  });

  test("a backup job of the table's vault that fails, is aborted or expires: told on the alarms' topic", () => {
    const rule = Object.values(resources).find((resource) => resource.Type === 'AWS::Events::Rule')!;
    expect(rule.Properties.EventPattern).toMatchObject({
      source: ['aws.backup'],
      'detail-type': ['Backup Job State Change'],
      detail: { state: ['FAILED', 'ABORTED', 'EXPIRED'] },
    });
    expect(rule.Properties.EventPattern.detail.backupVaultName).toHaveLength(1);
    expect(rule.Properties.Targets).toEqual([expect.objectContaining({ Arn: { Ref: topicId } })]);
  });

  test('a monthly budget e-mails the alarm addresses at 80 % spent and 100 % forecast; none without one', () => {
    const budget = Object.values(resources).find((resource) => resource.Type === 'AWS::Budgets::Budget')!;
    expect(budget.Properties.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 120, Unit: 'USD' },
    });
    const subscribers = [
      { SubscriptionType: 'EMAIL', Address: 'ops@mountainschool.example' },
      { SubscriptionType: 'EMAIL', Address: 'head@mountainschool.example' },
    ];
    expect(budget.Properties.NotificationsWithSubscribers).toEqual([
      {
        Notification: {
          NotificationType: 'ACTUAL',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 80,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: subscribers,
      },
      {
        Notification: {
          NotificationType: 'FORECASTED',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 100,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: subscribers,
      },
    ]);
    Template.fromStack(monitoringOf(withoutMail)).resourceCountIs('AWS::Budgets::Budget', 0);
  });
});

test("the deploy guide's count of alarms and their monthly cost are the synthesized stacks'", () => {
  // CloudWatch charges $0.10 a month for each metric an alarm watches (a metric math alarm: each of its metrics).
  const edgeAlarms = Object.values(
    assembly.getStackByName('RegistrationPortalEdge').template.Resources as Record<string, Resource>,
  ).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm');
  const all = [...alarms, ...edgeAlarms];
  const watched = all.reduce(
    (total, alarm) =>
      total + (alarm.Properties.Metrics ? alarm.Properties.Metrics.filter((m: any) => m.MetricStat).length : 1),
    0,
  );
  // CloudFront's 5xx alarm is put in us-east-1 by a custom resource: one more alarm, one more metric.
  const count = all.length + 1;
  const cost = ((watched + 1) * 0.1).toFixed(2);
  const guide = readFileSync('docs/deploying.md', 'utf8').replace(/\s+/g, ' ');
  expect(/With mail on, the stacks have .*? a month/.exec(guide)?.[0]).toContain(
    `With mail on, the stacks have ${count} alarms watching ${watched + 1} metrics: about $${cost} a month`,
  );
});
