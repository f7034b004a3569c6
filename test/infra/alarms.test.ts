// The operational alarms, each with its metric, threshold and action (the alarms' topic, e-mailed to the
// alarmEmail addresses), and the registration-day dashboard.
import type { NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { isDeepStrictEqual } from 'node:util';
import { manifest } from '../../lambdas/contract/manifest';
import { METRICS_NAMESPACE, portalMetrics } from '../../lambdas/platform/metrics';
import { ALARM_LIMITS, CRITICAL_FUNCTIONS } from '../../infra/alarms';
import { PortalFunction } from '../../infra/portal-function';
import { logicalId, synthesizePortal, TEST_ACCOUNT } from './synthesize';
import { feeds, schedules, streamConsumers, userPoolTriggers } from '../../lambdas/platform/deployment';

const withMail = synthesizePortal({
  context: {
    mailFrom: 'Registration Portal <registration@mountainschool.example>',
    alarmEmail: 'ops@mountainschool.example, head@mountainschool.example',
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
        Statement: [Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })],
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

  test(`its iterator age over ${ALARM_LIMITS.iteratorAgeMs} ms for 3 minutes`, () => {
    expect(alarmNamed(`${name}-iterator-age`)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: fromPortalStack(handlerOf(name)) }],
      Statistic: 'Maximum',
      Period: 60,
      EvaluationPeriods: 3,
      Threshold: 120_000,
    });
  });
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
    expect(names.length).toBe(withMail.length - 5);
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
    ['requests decided out of arrival order', [portalMetrics.requestsOutOfOrder]],
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
