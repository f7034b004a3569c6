// The portal in AWS: the table, the user pool, one Lambda and route per manifest entry, the stream
// consumers (the mailer), the site.
//
// Order of dependencies, and why there is no cycle: the pool needs its CustomMessage trigger, the trigger
// needs the site's URL (the reset link), the distribution needs the API's address. So the HTTP API
// resource itself depends on nothing; the authorizer and routes (which need the pool) are separate
// resources added after the pool, and the distribution only reads the API's endpoint, never a route.
// (A <- B: B needs A.)  Api <- Distribution <- triggers <- UserPool <- functions, authorizer <- routes <- stage
// The origin secret comes before the distribution (its header) and the functions (which check it); its
// rotation function after the distribution, which it updates.
import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { Construct } from 'constructs';
import { PortalAlarms } from './alarms';
import { PortalApi, STAGE_NAME } from './api';
import { TableBackup } from './backup';
import { registrationDay } from './capacity';
import { PortalDashboard } from './dashboard';
import { portalFunctions, REGISTRATION_DAY_FUNCTIONS, scheduledFunctions, streamConsumerFunctions } from './functions';
import { PortalMail } from './mail';
import { PortalFunction } from './portal-function';
import { OriginSecret } from './origin-secret';
import type { PortalSettings } from './settings';
import { PortalSite } from './site';
import { portalTable, restoredTable } from './table';
import { PortalUserPool } from './user-pool';
import { deployWebApp } from './web-app';

export interface PortalStackProps extends StackProps {
  settings: PortalSettings;
  /** The built web app (`web/dist`). */
  webDist: string;
}

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    const day = registrationDay(props.settings.size);
    const table = props.settings.table ? restoredTable(this, props.settings.table) : portalTable(this, day);
    const backup = new TableBackup(this, 'Backup', { table });
    const api = new PortalApi(this, 'Api', day);
    const origin = new OriginSecret(this, 'Origin');
    const site = new PortalSite(this, 'Site', {
      api: api.httpApi,
      originHeader: origin.header,
      domain: props.settings.domain,
    });
    origin.rotateWith(site.distribution);
    const mail = new PortalMail(this, 'Mail', {
      mailFrom: props.settings.mailFrom,
      mailRate: props.settings.mailRate,
      mailDomain: props.settings.mailDomain,
      existingIdentity: props.settings.mailIdentity,
      siteUrl: site.url,
      table,
    });
    const users = new PortalUserPool(this, 'Users', {
      siteUrl: site.url,
      table,
      mailIdentity: props.settings.mailIdentity,
      ...(props.settings.poolMailThroughSes && {
        mailFrom: props.settings.mailFrom,
        mailConfigurationSet: mail.configurationSetName,
        mailDomain: props.settings.mailDomain,
      }),
    });

    const authorizer = new HttpUserPoolAuthorizer('UserAuthorizer', users.pool, { userPoolClients: [users.client] });
    const apiFunctions = portalFunctions(this, { table, users, mail, origin });
    for (const { route, fn } of apiFunctions) api.addRoute(route, fn, authorizer);
    const streamConsumers = streamConsumerFunctions(this, { table, mail });
    if (props.settings.tracing)
      for (const { name, fn } of [
        ...apiFunctions.map(({ route, fn }) => ({ name: route.name, fn })),
        ...streamConsumers,
      ])
        if ((REGISTRATION_DAY_FUNCTIONS as readonly string[]).includes(name)) fn.traceActively();
    scheduledFunctions(this, { table });
    // The programme's clock, for every function that writes a moment in words (its configuration may name another).
    for (const fn of this.node.findAll())
      if (fn instanceof PortalFunction) fn.setEnvironment('PORTAL_TIME_ZONE', props.settings.timeZone);

    deployWebApp(site, props.webDist, {
      region: this.region,
      userPoolId: users.pool.userPoolId,
      userPoolClientId: users.client.userPoolClientId,
      apiBaseUrl: `/${STAGE_NAME}`,
    });

    // The alarms and the dashboard in a nested stack of their own: a CloudFormation stack holds at most 500
    // resources, and the functions' own (role, policy, log group, route, permission) fill most of this one.
    const monitoring = new NestedStack(this, 'Monitoring', {
      description: 'The alarms and the registration-day dashboard',
    });
    new PortalAlarms(monitoring, 'Alarms', {
      stage: api.stage,
      table,
      distribution: site.distribution,
      edge: site.edge,
      streamConsumers,
      deadLetters: [
        ...streamConsumers.map(({ deadLetters }) => deadLetters),
        ...(mail.feedbackDeadLetters ? [mail.feedbackDeadLetters] : []),
      ],
      mailOn: props.settings.mailFrom !== undefined,
      alarmEmails: props.settings.alarmEmails,
      day,
      mail: { rate: props.settings.mailRate, dailyQuota: props.settings.mailDailyQuota },
      users: { poolId: users.pool.userPoolId, clientId: users.client.userPoolClientId },
      accessLogs: api.accessLogs,
      backupVaultName: backup.vault.backupVaultName,
      monthlyBudget: props.settings.monthlyBudget,
    });
    const { dashboard } = new PortalDashboard(monitoring, 'Dashboard', {
      stage: api.stage,
      accessLogs: api.accessLogs,
      table,
      distribution: site.distribution,
    });

    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The portal' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: site.distribution.distributionDomainName,
      description: 'CNAME target for a custom domain',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: api.stage.url,
      description: 'The HTTP API stage (the site reaches it at /api)',
    });
    new CfnOutput(this, 'UserPoolId', { value: users.pool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: users.client.userPoolClientId });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${dashboard.dashboardName}`,
      description: 'The registration-day dashboard',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'Kept when the stack is destroyed' });
  }
}
