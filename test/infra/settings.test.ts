// The deployment's context values: SES mail and a custom domain switched on, and bad values refused.
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { portalRoutes, REGISTRATION_DAY_FUNCTIONS } from '../../infra/functions';
import { portalSettings } from '../../infra/settings';
import { PortalFunction } from '../../infra/portal-function';
import { grantsOf, logicalId, manifestFunction, synthesizePortal } from './synthesize';
import { userPoolTriggers } from '../../lambdas/platform/deployment';

const mailFrom = 'Registration Portal <registration@mountainschool.example>';
const domainName = 'portal.mountainschool.example';
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/5e1d2f6c-0000-4000-8000-000000000000';

describe('deployed with mailFrom, domainName and certificateArn', () => {
  const { stack, template, violations } = synthesizePortal({
    context: { mailFrom, poolMail: 'ses', mailRate: '50', domainName, certificateArn },
  });
  const resources = template.toJSON().Resources as Record<
    string,
    { Type: string; Properties: Record<string, unknown> }
  >;
  const variables = (fn: PortalFunction) =>
    (resources[logicalId(fn.handler)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const identityId = logicalId(stack.node.findChild('Mail').node.findChild('Sender'));
  const sesGrants = (fn: PortalFunction) =>
    grantsOf(template, fn).filter((grant) => grant.actions.some((action) => action.startsWith('ses:')));

  test('the sender address is an SES identity', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'registration@mountainschool.example' });
  });

  test.each(portalRoutes())('$name gets the sender and the right to send as it exactly when it sends mail', (route) => {
    const fn = manifestFunction(stack, route.name);
    if (!route.mail) {
      expect(variables(fn).MAIL_FROM).toBeUndefined();
      expect(sesGrants(fn)).toEqual([]);
      return;
    }
    expect(variables(fn)).toMatchObject({
      MAIL_FROM: mailFrom,
      MAIL_SEND_RATE: '50',
      SITE_URL: `https://${domainName}`,
    });
    expect(sesGrants(fn).flatMap((grant) => grant.actions)).toEqual(expect.arrayContaining(['ses:SendEmail']));
    expect(JSON.stringify(sesGrants(fn).flatMap((grant) => grant.resources))).toContain(`{"Ref":"${identityId}"}`);
  });

  test.each(Object.values(userPoolTriggers))('the %s trigger links to the custom domain', (name) => {
    expect(variables(stack.node.findChild('Users').node.findChild(name) as PortalFunction).SITE_URL).toBe(
      `https://${domainName}`,
    );
  });

  test("the user pool sends its sign-up codes and password resets through SES as the sender, not Cognito's few a day", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: mailFrom,
        SourceArn: {
          'Fn::Join': [
            '',
            Match.arrayWith([
              Match.stringLikeRegexp(':ses:[a-z0-9-]+:[0-9]+:identity/registration@mountainschool\\.example$'),
            ]),
          ],
        },
      },
    });
  });

  test('CloudFront answers on the custom domain with its certificate and TLS 1.2 or newer', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [domainName],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    template.hasOutput('SiteUrl', { Value: `https://${domainName}` });
  });

  test('cdk-nag finds no unacknowledged error in this configuration', () => {
    expect(violations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });
});

describe('the e-mail that arrives: a configuration set that records bounces and complaints', () => {
  const { stack, template, violations } = synthesizePortal({
    context: { mailFrom, poolMail: 'ses', mailDomain: 'mountainschool.example' },
  });
  const mail = stack.node.findChild('Mail');
  const configurationSet = { Ref: logicalId(mail.node.findChild('ConfigurationSet')) };

  test("every e-mail goes with the configuration set, whose SES suppression is off (the portal's list decides)", () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { SuppressionOptions: { SuppressedReasons: [] } });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mountainschool.example',
      ConfigurationSetAttributes: { ConfigurationSetName: configurationSet },
    });
  });

  test('bounces and complaints go to an SNS topic (TLS only) that mailFeedback subscribes to', () => {
    const topic = logicalId(mail.node.findChild('Feedback'));
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: configurationSet,
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topic } },
      },
    });
    const feedback = mail.node.findChild('mailFeedback') as PortalFunction;
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topic },
      Endpoint: { 'Fn::GetAtt': [logicalId(feedback.handler), 'Arn'] },
    });
    expect(grantsOf(template, feedback).flatMap((grant) => grant.actions)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem']),
    );
  });

  test("the user pool's own e-mails (password resets) go through SES as the domain, with the configuration set", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: mailFrom,
        ConfigurationSet: configurationSet,
        SourceArn: {
          'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':identity/mountainschool\\.example$')])],
        },
      },
    });
  });

  test('the domain is verified and signs its e-mail with DKIM: its three DNS records are outputs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown; Description: string }>;
    const dkim = Object.entries(outputs).filter(([name]) => name.includes('DkimRecord'));
    expect(dkim).toHaveLength(3);
    expect(dkim[0]![1].Description).toContain('mountainschool.example');
  });

  test('cdk-nag finds no unacknowledged error', () => {
    expect(violations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });
});

describe('the context values are checked before anything is built', () => {
  const settingsOf = (context: Record<string, string>) => portalSettings(new App({ context }));

  test('none: the region comes from the CLI, mail is off, CloudFront keeps its own domain', () => {
    expect(settingsOf({})).toEqual({
      region: undefined,
      mailFrom: undefined,
      production: false,
      tracing: false,
      timeZone: 'UTC',
      poolMailThroughSes: false,
      domain: undefined,
      alarmEmails: [],
      size: {},
    });
  });

  test('alarm addresses, one or more separated by commas', () => {
    expect(settingsOf({ alarmEmail: ' ops@mountainschool.example , head@mountainschool.example' }).alarmEmails).toEqual(
      ['ops@mountainschool.example', 'head@mountainschool.example'],
    );
  });

  test('all of them', () => {
    expect(
      settingsOf({ region: 'eu-central-1', mailFrom, poolMail: 'ses', mailRate: '50', domainName, certificateArn }),
    ).toEqual({
      region: 'eu-central-1',
      mailFrom,
      production: false,
      tracing: false,
      timeZone: 'UTC',
      poolMailThroughSes: true,
      mailRate: 50,
      domain: { name: domainName, certificateArn },
      alarmEmails: [],
      size: {},
    });
  });

  test.each([
    [{ mailFrom: 'registration at mountainschool' }, /mailFrom is not an e-mail address/],
    [{ mailFrom: 'Registration Portal <>' }, /mailFrom is not an e-mail address/],
    [{ poolMail: 'ses' }, /poolMail=ses needs mailFrom/],
    [{ alarmEmail: 'ops@mountainschool.example; head@mountainschool.example' }, /alarmEmail must be e-mail addresses/],
    [
      { alarmEmail: 'ops@mountainschool.example,oncall' },
      /alarmEmail must be e-mail addresses separated by commas, not "oncall"/,
    ],
    [{ mailFrom, poolMail: 'yes' }, /poolMail must be ses or cognito/],
    [{ mailFrom, mailRate: 'fast' }, /mailRate must be a number of e-mails a second above 0/],
    [{ mailDomain: 'mountainschool.example' }, /mailDomain needs mailFrom/],
    [{ mailFrom, mailDomain: 'other.example' }, /mailFrom must be an address at mailDomain/],
    [{ mailFrom, mailRate: '0' }, /mailRate must be a number/],
    [{ domainName }, /domainName and certificateArn go together/],
    [
      { timeZone: 'Mountain Time' },
      /timeZone must be a time zone's IANA name such as America\/Denver, not "Mountain Time"/,
    ],
    [{ certificateArn }, /domainName and certificateArn go together/],
    [
      { domainName, certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' },
      /must name an ACM certificate in us-east-1/,
    ],
  ])('%p is refused', (context, message) => {
    expect(() => settingsOf(context)).toThrow(message);
  });
});

describe('with tracing=on and the programme in America/Denver', () => {
  const traced = synthesizePortal({ context: { tracing: 'on', timeZone: 'America/Denver' } });
  const untraced = synthesizePortal();
  const modeOf = (synth: typeof traced, name: string) => {
    const fn = synth.stack.node
      .findAll()
      .find(
        (construct): construct is PortalFunction => construct instanceof PortalFunction && construct.node.id === name,
      )!;
    return (
      synth.template.toJSON().Resources[logicalId(fn.handler)].Properties.TracingConfig as { Mode: string } | undefined
    )?.Mode;
  };

  test.each(REGISTRATION_DAY_FUNCTIONS)("X-Ray traces %s, a function of registration day's path", (name) => {
    expect(modeOf(traced, name)).toBe('Active');
    expect(modeOf(untraced, name)).toBeUndefined();
  });

  test('and no other function; cdk-nag finds nothing unacknowledged', () => {
    expect(modeOf(traced, 'saveClass')).toBeUndefined();
    expect(traced.violations).toEqual([]);
  });

  test("every function is told the programme's time zone: the setting's, else UTC", () => {
    const zones = (synth: typeof traced) =>
      new Set(
        synth.stack.node
          .findAll()
          .filter((construct): construct is PortalFunction => construct instanceof PortalFunction)
          .map(
            (fn) =>
              (
                synth.template.toJSON().Resources[logicalId(fn.handler)].Properties.Environment.Variables as Record<
                  string,
                  string
                >
              ).PORTAL_TIME_ZONE,
          ),
      );
    expect(zones(traced)).toEqual(new Set(['America/Denver']));
    expect(zones(untraced)).toEqual(new Set(['UTC']));
  });

  test('tracing is on or off, nothing else', () => {
    expect(() => portalSettings(new App({ context: { tracing: 'yes' } }))).toThrow(
      'Context value tracing must be on or off, not "yes".',
    );
  });
});
