// The web ACL in front of CloudFront: AWS's managed rule groups (addresses known for attacks, the common
// rule set, known bad inputs), and a rate-based rule that blocks one client address sending more API
// requests than ADDRESS_LIMIT allows (the capacity plan), answered as API Gateway answers its throttling
// (429 {"message":"Too Many Requests"}, which the web client retries after a pause, then asks to wait).
//
// Why a stack of its own: CloudFront takes only web ACLs of scope CLOUDFRONT, and those exist in us-east-1
// alone, while the portal deploys to any region. So this small stack lives in us-east-1 and publishes its
// ACL's ARN as an SSM parameter there; the portal's stack depends on it and reads the parameter across
// regions when it deploys (PortalSite). HTTP APIs take no web ACL at all, so the edge is where it goes.
//
// CloudFront's standard logs cannot go to a bucket in an opt-in region (eu-south-1, af-south-1, …): for a
// portal there, this stack also holds the bucket they go to, and publishes its name the same way.
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { STAGE_NAME } from './routes';
import { ADDRESS_LIMIT, TOO_MANY_REQUESTS } from './throttles';

/** CloudFront's web ACLs live here, whatever the portal's own region. */
export const EDGE_REGION = 'us-east-1';

/** Where the edge stack publishes its ACL's ARN for the portal's stack. */
export const edgeAclParameterName = (portalStackName: string) => `/${portalStackName}/edge/web-acl-arn`;

/** Where it publishes the name of the bucket for CloudFront's logs, when it holds one. */
export const edgeLogBucketParameterName = (portalStackName: string) => `/${portalStackName}/edge/cloudfront-log-bucket`;

/** How long CloudFront's and the site bucket's access logs are kept. */
const ACCESS_LOG_DAYS = 90;

/** A bucket for access logs: private, encrypted, expiring, emptied and removed with its stack. */
export function accessLogBucket(scope: Construct, id: string): Bucket {
  const logs = new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    // CloudFront's standard logs are written with ACLs.
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
  Validations.of(logs).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is an access-log bucket; logging it into itself would loop.',
  });
  return logs;
}

/**
 * AWS's managed rule groups on the ACL, in the order they run (the rate rule runs after the first). In the
 * common rule set the size limits only count: the functions refuse an oversized body themselves (256 KB),
 * and a catalogue read of many classes may pass the rule's 2 KB query string honestly.
 */
const MANAGED_RULE_GROUPS = [
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] },
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY', 'SizeRestrictions_QUERYSTRING'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
] as const;

/** The ACL's metrics (CloudWatch, us-east-1), apart per copy of the portal. */
export const edgeMetricNames = (portalStackName: string) => ({
  acl: `${portalStackName}-edge`,
  apiRequestsPerAddress: `${portalStackName}-api-requests-per-address`,
  managedGroup: (name: string) => `${portalStackName}-${name}`,
});

export interface PortalEdgeStackProps extends StackProps {
  portalStackName: string;
  /** The portal is in an opt-in region: CloudFront's standard logs go to a bucket here. */
  holdsCloudFrontLogs: boolean;
}

export class PortalEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly holdsCloudFrontLogs: boolean;

  constructor(scope: Construct, id: string, props: PortalEdgeStackProps) {
    super(scope, id, props);
    this.holdsCloudFrontLogs = props.holdsCloudFrontLogs;
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const metrics = edgeMetricNames(props.portalStackName);
    const managed = MANAGED_RULE_GROUPS.map(({ name, countOnly }) => ({
      name,
      overrideAction: { none: {} },
      visibilityConfig: visibility(metrics.managedGroup(name)),
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(countOnly.length && {
            ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
          }),
        },
      },
    }));
    const apiRequestsPerAddress = {
      name: 'ApiRequestsPerAddress',
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
      visibilityConfig: visibility(metrics.apiRequestsPerAddress),
      statement: {
        rateBasedStatement: {
          limit: ADDRESS_LIMIT.requests,
          evaluationWindowSec: ADDRESS_LIMIT.windowSeconds,
          aggregateKeyType: 'IP',
          scopeDownStatement: {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: `/${STAGE_NAME}/`,
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        },
      },
    };
    // Known attackers first (cheapest), then an address over its API allowance, then the inspections.
    const [reputation, ...inspections] = managed;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Registration portal: managed rules and API requests per client address',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(metrics.acl),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify(TOO_MANY_REQUESTS) },
      },
      rules: [reputation!, apiRequestsPerAddress, ...inspections].map((rule, priority) => ({ ...rule, priority })),
    });
    new StringParameter(this, 'WebAclArn', {
      parameterName: edgeAclParameterName(props.portalStackName),
      stringValue: this.webAcl.attrArn,
      description: "The portal's CloudFront web ACL, read by the portal's stack in its own region",
    });
    if (this.holdsCloudFrontLogs) {
      new StringParameter(this, 'CloudFrontLogBucket', {
        parameterName: edgeLogBucketParameterName(props.portalStackName),
        stringValue: accessLogBucket(this, 'CloudFrontLogs').bucketName,
        description: "The bucket of the portal's CloudFront logs (its own region is an opt-in region)",
      });
    }
  }
}
