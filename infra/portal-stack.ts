// The portal in AWS. (The user pool, API, functions and site join it in the infrastructure issue.)
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { portalTable } from './table';

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    portalTable(this);
  }
}
