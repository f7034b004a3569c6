// The CDK app: the portal's stack with the deployment's settings, checked by cdk-nag's AwsSolutions pack.
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PortalStack } from './portal-stack';
import { portalSettings } from './settings';

export const STACK_NAME = 'RegistrationPortal';

export function portalApp(app: App, webDist = 'web/dist'): PortalStack {
  const settings = portalSettings(app);
  const stack = new PortalStack(app, STACK_NAME, {
    description: 'Registration portal of the mountain school programme',
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: settings.region ?? process.env.CDK_DEFAULT_REGION },
    settings,
    webDist,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
