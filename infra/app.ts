import { App } from 'aws-cdk-lib';
import { PortalStack } from './portal-stack';

const app = new App();
new PortalStack(app, 'RegistrationPortal', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
