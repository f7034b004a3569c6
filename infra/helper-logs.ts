// CDK's own helper functions (the bucket deployments, the emptying of buckets on destroy, the reader of the
// edge stack's parameters) log to the log group Lambda makes on first use: it never expires and outlives
// `cdk destroy`. Each gets a log group of its stack instead, kept as long as the portal's own, removed with it.
import { CfnResource, type IAspect, RemovalPolicy } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { LOG_RETENTION } from './portal-function';

export class HelperFunctionLogs implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    // The portal's own functions name their log group already (PortalFunction).
    if (node instanceof CfnFunction && node.loggingConfig) return;
    const scope = node.node.scope;
    if (!scope) return;
    const logs = new LogGroup(scope, `${node.node.id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    node.addPropertyOverride('LoggingConfig.LogGroup', logs.logGroupName);
  }
}
