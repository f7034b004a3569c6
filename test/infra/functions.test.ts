// Every manifest entry (named function or feed), and every user pool trigger, is a Lambda configured and
// granted exactly as its entry declares: the cases come from the manifest, so a new entry is covered by itself.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { portalRoutes, STREAM_RETRY_ATTEMPTS, type PortalRoute } from '../../infra/functions';
import { PortalMail } from '../../infra/mail';
import { FUNCTION_RUNTIME, PortalFunction } from '../../infra/portal-function';
import { grantedActions, grantsOf, logicalId, manifestFunction, synthesizePortal, TEST_REGION } from './synthesize';
import {
  handlerModule,
  schedules,
  streamConsumers,
  userPoolTriggers,
  type ScheduleName,
  type StreamConsumerName,
} from '../../lambdas/platform/deployment';

const { stack, template } = synthesizePortal();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;

const tableId = logicalId(stack.node.findChild('Table'));
const users = stack.node.findChild('Users');
const poolId = logicalId(users.node.findChild('Pool'));
const clientId = logicalId(users.node.findChild('Pool').node.findChild('WebClient'));
const originSecretId = logicalId(stack.node.findChild('Origin').node.findChild('Secret'));
const distributionId = logicalId(stack.node.findChild('Site').node.findChild('Distribution'));
const cloudFrontUrl = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };

const tableReads = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
const tableWrites = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
const logWrites = ['logs:CreateLogStream', 'logs:PutLogEvents'];

function expectedEnvironment(route: PortalRoute): Record<string, unknown> {
  return {
    NODE_OPTIONS: '--enable-source-maps',
    POWERTOOLS_SERVICE_NAME: 'RegistrationPortal',
    // The programme's clock, the deploy's `timeZone` (UTC without it): every function of the stack has it.
    PORTAL_TIME_ZONE: 'UTC',
    JWT_ISSUER: { 'Fn::Join': ['', [`https://cognito-idp.${TEST_REGION}.amazonaws.com/`, { Ref: poolId }]] },
    USER_POOL_CLIENT_ID: { Ref: clientId },
    ORIGIN_SECRET_ID: { Ref: originSecretId },
    ...(route.table !== 'none' && { TABLE_NAME: { Ref: tableId } }),
    ...(route.userPool && { USER_POOL_ID: { Ref: poolId } }),
    // Mail is off without the mailFrom context value: links only, no sender (test/infra/settings.test.ts turns it on).
    ...(route.mail && { SITE_URL: cloudFrontUrl }),
  };
}

function lambdaOf(fn: PortalFunction) {
  return resources[logicalId(fn.handler)]!;
}

describe.each(portalRoutes())('the $name function', (route) => {
  const fn = manifestFunction(stack, route.name);

  test('is a Node.js Lambda on arm64 with its own log group kept three months', () => {
    expect(lambdaOf(fn)).toMatchObject({
      Type: 'AWS::Lambda::Function',
      Properties: {
        Handler: 'index.handler',
        Runtime: FUNCTION_RUNTIME.name,
        Architectures: ['arm64'],
        Description: route.summary,
        LoggingConfig: { LogGroup: { Ref: logicalId(fn.node.findChild('Logs')) } },
      },
    });
    expect(resources[logicalId(fn.node.findChild('Logs'))]!.Properties).toEqual({ RetentionInDays: 90 });
  });

  test('gets exactly the settings its manifest entry calls for, and no emulator endpoint', () => {
    expect((lambdaOf(fn).Properties.Environment as { Variables: unknown }).Variables).toEqual(
      expectedEnvironment(route),
    );
  });

  test(`may ${route.table === 'none' ? 'not touch' : route.table === 'read' ? 'only read' : 'read and write'} the table, and only the table and its indexes`, () => {
    const actions = grantedActions(template, fn);
    if (route.table === 'none') expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    else expect(actions).toEqual(expect.arrayContaining(tableReads));
    if (route.table === 'write') expect(actions).toEqual(expect.arrayContaining(tableWrites));
    else for (const write of tableWrites) expect(actions).not.toContain(write);
    const tableGrants = grantsOf(template, fn).filter((grant) =>
      grant.actions.some((action) => action.startsWith('dynamodb:')),
    );
    for (const grant of tableGrants) {
      // In either order: the functions' nested stack lists them otherwise than one stack would.
      expect(grant.resources).toHaveLength(2);
      expect(grant.resources).toEqual(
        expect.arrayContaining([
          { 'Fn::GetAtt': [tableId, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/*']] },
        ]),
      );
    }
  });

  test(
    route.userPool
      ? `may make exactly its Cognito admin calls (${route.userPool.join(', ')}) on the portal's pool only`
      : 'may not call Cognito',
    () => {
      const cognito = grantsOf(template, fn).filter((grant) =>
        grant.actions.some((action) => action.startsWith('cognito-idp:')),
      );
      if (!route.userPool) return expect(cognito).toEqual([]);
      expect(cognito.flatMap((grant) => grant.actions).sort()).toEqual(
        route.userPool.map((call) => `cognito-idp:${call}`).sort(),
      );
      for (const grant of cognito) expect(grant.resources).toEqual([{ 'Fn::GetAtt': [poolId, 'Arn'] }]);
    },
  );

  test('may not send e-mail while mail is off, and may write only to its own log group (test/infra/origin.test.ts: its secret)', () => {
    const actions = grantedActions(template, fn);
    expect(actions.filter((action) => action.startsWith('ses:'))).toEqual([]);
    expect(actions.filter((action) => !/^(dynamodb|cognito-idp|secretsmanager):/.test(action))).toEqual(logWrites);
    const logGrants = grantsOf(template, fn).filter((grant) =>
      grant.actions.some((action) => action.startsWith('logs:')),
    );
    expect(logGrants.flatMap((grant) => grant.resources)).toEqual([
      { 'Fn::GetAtt': [logicalId(fn.node.findChild('Logs')), 'Arn'] },
    ]);
  });
});

describe.each(Object.entries(userPoolTriggers))('the %s trigger', (source, name) => {
  const trigger = users.node.findChild(name) as PortalFunction;

  test('is attached to the user pool', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { [source]: { 'Fn::GetAtt': [logicalId(trigger.handler), 'Arn'] } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [logicalId(trigger.handler), 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  test('runs its module with the site address and the table to read, no more (the pool it serves cannot be named without a cycle)', () => {
    expect(lambdaOf(trigger).Properties).toMatchObject({
      Runtime: FUNCTION_RUNTIME.name,
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
    expect((lambdaOf(trigger).Properties.Environment as { Variables: unknown }).Variables).toEqual({
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_SERVICE_NAME: 'RegistrationPortal',
      PORTAL_TIME_ZONE: 'UTC',
      SITE_URL: cloudFrontUrl,
      // The site's settings frame its e-mails (the programme's name, its contact).
      TABLE_NAME: { Ref: tableId },
    });
    const actions = grantedActions(template, trigger);
    expect(actions).toEqual(expect.arrayContaining([...logWrites, ...tableReads]));
    for (const write of tableWrites) expect(actions).not.toContain(write);
  });
});

describe.each(Object.keys(streamConsumers) as StreamConsumerName[])('the %s stream consumer', (name) => {
  const consumer = stack.node.findChild('StreamConsumers').node.findChild(name) as PortalFunction;
  const [mappingId, mapping] = Object.entries(resources).find(
    ([, resource]) =>
      resource.Type === 'AWS::Lambda::EventSourceMapping' &&
      JSON.stringify(resource.Properties.FunctionName).includes(logicalId(consumer.handler)),
  )!;

  test("runs on the table's stream for the records its manifest filter selects, reporting failures per record", () => {
    expect(mappingId).toBeDefined();
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: STREAM_RETRY_ATTEMPTS,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(streamConsumers[name].filter) }] },
    });
  });

  test('parks a record that keeps failing in an encrypted dead-letter queue of its own', () => {
    const queueArn = (
      mapping.Properties.DestinationConfig as { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } }
    ).OnFailure.Destination['Fn::GetAtt'];
    expect(resources[queueArn[0]]).toMatchObject({
      Type: 'AWS::SQS::Queue',
      Properties: { SqsManagedSseEnabled: true },
    });
  });

  test('reads and writes the table and sends no mail while mail is off', () => {
    const actions = grantedActions(template, consumer);
    expect(actions).toEqual(
      expect.arrayContaining([...tableReads, ...tableWrites, 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']),
    );
    expect(actions.filter((action) => action.startsWith('ses:') || action.startsWith('cognito-idp:'))).toEqual([]);
  });
});

test("the allocator's stream runs ten batches of a shard at once: Lambda keeps each partition key's records in order, and each queue of requests is one partition key", () => {
  const allocator = stack.node.findChild('StreamConsumers').node.findChild('allocator') as PortalFunction;
  const mapping = Object.values(resources).find(
    (resource) =>
      resource.Type === 'AWS::Lambda::EventSourceMapping' &&
      JSON.stringify(resource.Properties.FunctionName).includes(logicalId(allocator.handler)),
  )!;
  expect(mapping.Properties).toMatchObject({
    ParallelizationFactor: 10,
    FilterCriteria: {
      Filters: [
        {
          Pattern: JSON.stringify({
            eventName: ['INSERT'],
            dynamodb: { NewImage: { type: { S: ['enrollmentRequest'] } } },
          }),
        },
      ],
    },
  });
});

test("the portal has one function per manifest entry and trigger, the origin secret's rotation, and no other Node.js Lambda on arm64", () => {
  const portalFunctions = stack.node.findAll().filter((construct) => construct instanceof PortalFunction);
  expect(portalFunctions.map((fn) => fn.node.id).sort()).toEqual(
    [
      ...portalRoutes().map((route) => route.name),
      ...Object.values(userPoolTriggers),
      ...Object.keys(streamConsumers),
      ...Object.keys(schedules),
      'rotateOriginSecret',
    ].sort(),
  );
  const portalLambdas = Object.values(resources).filter(
    (resource) =>
      resource.Type === 'AWS::Lambda::Function' &&
      resource.Properties.Runtime === FUNCTION_RUNTIME.name &&
      JSON.stringify(resource.Properties.Architectures) === '["arm64"]',
  );
  expect(portalLambdas).toHaveLength(portalFunctions.length);
});

describe.each(Object.keys(schedules) as ScheduleName[])('the %s schedule', (name) => {
  const scheduled = stack.node.findChild('Schedules').node.findChild(name) as PortalFunction;

  test("runs on an EventBridge rule at the manifest's rate, which may invoke it", () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${schedules[name].everyMinutes} minute${schedules[name].everyMinutes === 1 ? '' : 's'})`,
      State: 'ENABLED',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [logicalId(scheduled.handler), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        },
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [logicalId(scheduled.handler), 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  test('writes the table (mail requests, reminder markers) and sends no mail itself', () => {
    const actions = grantedActions(template, scheduled);
    expect(actions).toEqual(expect.arrayContaining([...tableReads, ...tableWrites]));
    expect(actions.filter((action) => action.startsWith('ses:') || action.startsWith('cognito-idp:'))).toEqual([]);
    expect(lambdaOf(scheduled).Properties.Environment).toEqual({
      Variables: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'RegistrationPortal',
        PORTAL_TIME_ZONE: 'UTC',
        TABLE_NAME: { Ref: tableId },
      },
    });
  });
});

test('without the mailFrom context value mail is off: no SES identity, no sender, no SES right anywhere', () => {
  template.resourceCountIs('AWS::SES::EmailIdentity', 0);
  expect(JSON.stringify(template.toJSON())).not.toMatch(/MAIL_FROM|"ses:/);
});

describe('the bind calls set a setting and its grant together', () => {
  const scratch = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Bindings', {
    env: { region: TEST_REGION },
  });
  const pool = new UserPool(scratch, 'Pool');
  const make = (id: string) => new PortalFunction(scratch, id, { entry: handlerModule('roles'), description: id });
  const reader = make('Reader');
  reader.bindUserPool(pool, ['AdminGetUser']);
  const table = new TableV2(scratch, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } });
  const mailOn = new PortalMail(scratch, 'MailOn', {
    mailFrom: 'Registration Portal <registration@mountainschool.example>',
    siteUrl: 'https://portal.example',
    table,
  });
  const mailOff = new PortalMail(scratch, 'MailOff', { siteUrl: 'https://portal.example', table });
  const sender = make('Sender');
  mailOn.bind(sender);
  const silent = make('Silent');
  mailOff.bind(silent);
  const bound = Template.fromStack(scratch);
  const variables = (fn: PortalFunction) =>
    (bound.toJSON().Resources[logicalId(fn.handler)].Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;

  test('a user pool binding: the pool id and the calls named, nothing more', () => {
    expect(variables(reader).USER_POOL_ID).toEqual({ Ref: logicalId(pool) });
    expect(grantedActions(bound, reader).filter((action) => action.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminGetUser',
    ]);
  });

  test('the Cognito admin calls the manifest grants are exactly those the functions send', () => {
    const sent = [...userPoolCallsSent()].map((call) => `cognito-idp:${call}`).sort();
    const granted = [
      ...new Set(portalRoutes().flatMap((route) => (route.userPool ?? []).map((call) => `cognito-idp:${call}`))),
    ].sort();
    expect(sent).toEqual(granted);
  });

  test('mail on: MAIL_FROM, SITE_URL, the configuration set, and ses:SendEmail on the sender identity and the set only', () => {
    const configurationSet = { Ref: logicalId(mailOn.node.findChild('ConfigurationSet')) };
    expect(variables(sender)).toMatchObject({
      MAIL_FROM: 'Registration Portal <registration@mountainschool.example>',
      MAIL_CONFIGURATION_SET: configurationSet,
      SITE_URL: 'https://portal.example',
    });
    bound.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'registration@mountainschool.example' });
    const ses = grantsOf(bound, sender).filter((grant) => grant.actions.some((action) => action.startsWith('ses:')));
    // The one SES call the portal makes: SendEmail, POST /v2/email/outbound-emails (lambdas/mail/mail.ts).
    expect(readFileSync('lambdas/mail/mail.ts', 'utf8')).toContain('/v2/email/outbound-emails');
    const sent = ['ses:SendEmail'];
    expect(ses.flatMap((grant) => grant.actions)).toEqual(expect.arrayContaining(sent));
    const identityArn = [
      'arn:',
      { Ref: 'AWS::Partition' },
      `:ses:${TEST_REGION}:`,
      { Ref: 'AWS::AccountId' },
      ':identity/',
      { Ref: logicalId(mailOn.node.findChild('Sender')) },
    ];
    const configurationSetArn = [
      'arn:',
      { Ref: 'AWS::Partition' },
      `:ses:${TEST_REGION}:`,
      { Ref: 'AWS::AccountId' },
      ':configuration-set/',
      configurationSet,
    ];
    expect(ses.flatMap((grant) => grant.resources)).toEqual([
      { 'Fn::Join': ['', identityArn] },
      { 'Fn::Join': ['', configurationSetArn] },
    ]);
  });

  test('mail off: SITE_URL for links, no MAIL_FROM and no SES right', () => {
    expect(variables(silent)).toEqual({
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_SERVICE_NAME: 'Bindings',
      SITE_URL: 'https://portal.example',
    });
    expect(grantedActions(bound, silent)).toEqual(logWrites);
  });
});

function lambdaSources(): string[] {
  return (readdirSync('lambdas', { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join('lambdas', file), 'utf8'));
}

/** The Cognito admin calls the code under lambdas/ makes (lambdas/platform/userPool.ts's `call('…')`). */
function userPoolCallsSent(): Set<string> {
  return new Set(
    lambdaSources().flatMap((source) =>
      [...source.matchAll(/\bcall(?:<[\s\S]*?>)?\(\s*'(\w+)'/g)].map((match) => match[1]!),
    ),
  );
}
