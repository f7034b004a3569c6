// The portal's own figures for the dashboard, as CloudWatch reads them from the log: one Embedded Metric
// Format line per decision, in the portal's namespace, under the stack's name as `service`.
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBStreamEvent } from 'aws-lambda';

type Emf = {
  _aws: {
    CloudWatchMetrics: Array<{
      Namespace: string;
      Dimensions: string[][];
      Metrics: Array<{ Name: string; Unit: string }>;
    }>;
  };
  [field: string]: unknown;
};

let lines: Emf[] = [];
let metrics: typeof import('../../lambdas/platform/metrics');
// Each test loads the modules afresh (the metrics read their settings when loaded), so the SDK clients too.
let dynamo: ReturnType<typeof mockClient>;

beforeEach(() => {
  lines = [];
  jest.resetModules();
  dynamo = mockClient(require('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient);
  Object.assign(process.env, {
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_SERVICE_NAME: 'RegistrationPortal-test',
  });
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.includes('"_aws"')) lines.push(JSON.parse(text) as Emf);
    return true;
  });
  metrics = require('../../lambdas/platform/metrics');
});

afterEach(() => {
  dynamo.restore();
  jest.restoreAllMocks();
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
});

const counted = () =>
  lines.map((line) => ({
    namespace: line._aws.CloudWatchMetrics[0]!.Namespace,
    dimensions: line._aws.CloudWatchMetrics[0]!.Dimensions,
    service: line.service,
    values: Object.fromEntries(
      line._aws.CloudWatchMetrics[0]!.Metrics.map((metric) => [metric.Name, line[metric.Name]]),
    ),
  }));

test('an allocation that seats two and waitlists one, across two classes, is one line of counts', () => {
  metrics.countSeatChanges(
    new Map([
      ['nordic', { enrolled: 23, waitlisted: 0, capacity: 25 }],
      ['telemark', { enrolled: 10, waitlisted: 4, capacity: 10 }],
    ]),
    new Map([
      ['nordic', { enrolled: 25, waitlisted: 0, capacity: 25 }],
      ['telemark', { enrolled: 10, waitlisted: 5, capacity: 10 }],
    ]),
  );
  expect(counted()).toEqual([
    {
      namespace: 'RegistrationPortal',
      dimensions: [['service']],
      service: 'RegistrationPortal-test',
      values: { Enrollments: 2, WaitlistJoins: 1 },
    },
  ]);
});

test('nothing changed is nothing written', () => {
  const counts = new Map([['nordic', { enrolled: 3, waitlisted: 0 }]]);
  metrics.countSeatChanges(counts, counts);
  expect(lines).toEqual([]);
});

/** The stream's record of a new mail request. */
const mailRequestEvent = {
  Records: [
    {
      dynamodb: {
        SequenceNumber: '42',
        Keys: { PK: { S: 'MAIL#1' }, SK: { S: 'MAIL' } },
        NewImage: {
          PK: { S: 'MAIL#1' },
          SK: { S: 'MAIL' },
          type: { S: 'mail' },
          kind: { S: 'enrolled' },
          familyId: { S: 'family' },
          studentId: { S: 'student' },
          classIds: { L: [{ S: 'nordic' }] },
          requestedAt: { S: '2027-01-04T10:00:00.000Z' },
        },
      },
    },
  ],
} as unknown as DynamoDBStreamEvent;

test('an e-mail SES took is counted as sent', async () => {
  // SES's SendEmail over the signed fetch: its answer, as SES gives it.
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ MessageId: 'm1' }), { status: 200 }));
  const { sendMail } = require('../../lambdas/mail/mail') as typeof import('../../lambdas/mail/mail');
  await sendMail({ to: ['parent@example.com'], subject: 'Enrolled', text: 'Hello', html: '<p>Hello</p>' });
  expect(counted().map((line) => line.values)).toEqual([{ MailSent: 1 }]);
});

test('a mail request the mailer could not send is counted as failed, and reported for the stream to try again', async () => {
  dynamo.onAnyCommand().rejects(new Error('The table is unreachable'));
  const { mailer } =
    require('../../lambdas/mail/handlers/mailer') as typeof import('../../lambdas/mail/handlers/mailer');
  expect(await mailer(mailRequestEvent)).toEqual({ batchItemFailures: [{ itemIdentifier: '42' }] });
  expect(dynamo.calls().length).toBeGreaterThan(0);
  expect(counted().map((line) => line.values)).toEqual([{ MailFailed: 1 }]);
});

test('the 5th failure of a mail request is counted as given up too, and the stream is not asked to try again', async () => {
  const { UpdateCommand } = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
  dynamo.onAnyCommand().rejects(new Error('SES is unreachable'));
  // The failure noted on the request: its 5th.
  dynamo.on(UpdateCommand, { Key: { PK: 'MAIL#1', SK: 'MAIL' } }).resolves({ Attributes: { failures: 5 } });
  const { mailer } =
    require('../../lambdas/mail/handlers/mailer') as typeof import('../../lambdas/mail/handlers/mailer');
  expect(await mailer(mailRequestEvent)).toEqual({ batchItemFailures: [] });
  expect(counted().map((line) => line.values)).toEqual([{ MailFailed: 1 }, { MailGivenUp: 1 }]);
});

test('a batch is answered record by record: a request given up is not handed over again, one that failed is', async () => {
  const { UpdateCommand } = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
  dynamo.onAnyCommand().rejects(new Error('SES is unreachable'));
  dynamo.on(UpdateCommand, { Key: { PK: 'MAIL#1', SK: 'MAIL' } }).resolves({ Attributes: { failures: 5 } });
  dynamo.on(UpdateCommand, { Key: { PK: 'MAIL#2', SK: 'MAIL' } }).resolves({ Attributes: { failures: 2 } });
  const [record] = mailRequestEvent.Records;
  const second = {
    dynamodb: {
      ...record!.dynamodb,
      SequenceNumber: '43',
      Keys: { PK: { S: 'MAIL#2' }, SK: { S: 'MAIL' } },
      NewImage: { ...record!.dynamodb!.NewImage, PK: { S: 'MAIL#2' } },
    },
  };
  const { mailer } =
    require('../../lambdas/mail/handlers/mailer') as typeof import('../../lambdas/mail/handlers/mailer');
  expect(await mailer({ Records: [record!, second] } as DynamoDBStreamEvent)).toEqual({
    batchItemFailures: [{ itemIdentifier: '43' }],
  });
  expect(counted().map((line) => line.values)).toEqual([{ MailFailed: 1 }, { MailGivenUp: 1 }, { MailFailed: 1 }]);
});

test('a mail request with no turn to send within the run is handed over again, and not counted as failed', async () => {
  const { BatchGetCommand, GetCommand, UpdateCommand } =
    require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
  // The request, and the family and child its e-mail is about: each address takes its turn once they are read.
  const { unmarshall } = require('@aws-sdk/util-dynamodb') as typeof import('@aws-sdk/util-dynamodb');
  const stored = [
    unmarshall(mailRequestEvent.Records[0]!.dynamodb!.NewImage as never),
    { PK: 'FAMILY#family', SK: 'PROFILE', type: 'family', familyId: 'family', email: 'parent@example.com' },
    {
      ...{ PK: 'FAMILY#family', SK: 'STUDENT#student', type: 'student', id: 'student', familyId: 'family' },
      ...{ firstName: 'Ada', lastName: 'Tester', birthDate: '2014-05-01', tshirtSize: 'YM' },
      ...{ createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z' },
    },
  ];
  dynamo.on(BatchGetCommand).callsFake(({ RequestItems }) => {
    type Asked = Record<string, { Keys: Array<{ PK: string; SK: string }> }>;
    const [table, { Keys }] = Object.entries(RequestItems as Asked)[0]!;
    const found = stored.filter((item) => Keys.some((key) => key.PK === item.PK && key.SK === item.SK));
    return { Responses: { [table]: found } };
  });
  dynamo.on(GetCommand).resolves({});
  // SES's allowance (the sending pace) is taken for the next two minutes.
  const allowance = { PK: 'RATE#SES', SK: 'send' };
  dynamo
    .on(UpdateCommand, { Key: allowance })
    .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
  dynamo
    .on(GetCommand, { Key: allowance })
    .resolves({ Item: { ...allowance, type: 'callAllowance', wholeAt: Date.now() + 120_000 } });
  const { mailer } =
    require('../../lambdas/mail/handlers/mailer') as typeof import('../../lambdas/mail/handlers/mailer');
  expect(await mailer(mailRequestEvent)).toEqual({ batchItemFailures: [{ itemIdentifier: '42' }] });
  // Nothing noted on the request: no failure, and no figure.
  expect(dynamo.commandCalls(UpdateCommand, { Key: { PK: 'MAIL#1', SK: 'MAIL' } })).toHaveLength(0);
  expect(counted()).toEqual([]);
});
