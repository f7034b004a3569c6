// The web ACL in front of CloudFront: a rate-based rule that blocks one client address sending more API
// requests than ADDRESS_LIMIT allows (the capacity plan), answered as API Gateway answers its throttling
// (429 {"message":"Too Many Requests"}, which the web client retries after a pause, then asks to wait).
//
// Why a stack of its own: CloudFront takes only web ACLs of scope CLOUDFRONT, and those exist in us-east-1
// alone, while the portal deploys to any region. So this small stack lives in us-east-1 and publishes its
// ACL's ARN as an SSM parameter there; the portal's stack depends on it and reads the parameter across
// regions when it deploys (PortalSite). HTTP APIs take no web ACL at all, so the edge is where it goes.
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { STAGE_NAME } from './routes';
import { ADDRESS_LIMIT, TOO_MANY_REQUESTS } from './throttles';

/** CloudFront's web ACLs live here, whatever the portal's own region. */
export const EDGE_REGION = 'us-east-1';

/** Where the edge stack publishes its ACL's ARN for the portal's stack. */
export const edgeAclParameterName = (portalStackName: string) => `/${portalStackName}/edge/web-acl-arn`;

export interface PortalEdgeStackProps extends StackProps {
  portalStackName: string;
}

export class PortalEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: PortalEdgeStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Registration portal: API requests per client address',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('PortalEdge'),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify(TOO_MANY_REQUESTS) },
      },
      rules: [
        {
          name: 'ApiRequestsPerAddress',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          visibilityConfig: visibility('PortalApiRequestsPerAddress'),
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
        },
      ],
    });
    new StringParameter(this, 'WebAclArn', {
      parameterName: edgeAclParameterName(props.portalStackName),
      stringValue: this.webAcl.attrArn,
      description: "The portal's CloudFront web ACL, read by the portal's stack in its own region",
    });
  }
}
