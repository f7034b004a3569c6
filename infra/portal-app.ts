// The CDK app: the portal's stack with the deployment's settings, checked by cdk-nag's AwsSolutions pack.
// (Its edge stack in us-east-1 is made by the site, which needs it.)
import { Aspects, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { HelperFunctionLogs } from './helper-logs';
import { PortalStack } from './portal-stack';
import { portalSettings } from './settings';

export const STACK_NAME = 'RegistrationPortal';

/** The portal's stack: `RegistrationPortal`, or `RegistrationPortal-staging` for the stage `staging`. */
export const portalStackName = (stage?: string) => (stage ? `${STACK_NAME}-${stage}` : STACK_NAME);

export function portalApp(app: App, webDist = 'web/dist'): PortalStack {
  const settings = portalSettings(app);
  const stack = new PortalStack(app, portalStackName(settings.stage), {
    description: 'Registration portal of the mountain school programme',
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: settings.region ?? process.env.CDK_DEFAULT_REGION },
    settings,
    webDist,
    // A production stack cannot be deleted by a slip (`cdk destroy`, the console) until this is turned off.
    terminationProtection: settings.production,
  });
  Aspects.of(app).add(new HelperFunctionLogs());
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return stack;
}
