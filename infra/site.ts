// The web site: the built app in a private bucket behind CloudFront (origin access control), the SPA
// fallback, security headers, `/api/*` passed through to the HTTP API so the site calls its own origin,
// the cached catalogue reads (`/api/get/*`) served from CloudFront's cache, and the web ACL's per-address
// limit on the API (its us-east-1 stack, edge-acl.ts).
import { Aws, CfnRule, Duration, Fn, RemovalPolicy, Stack, Stage, Token, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheQueryStringBehavior,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import {
  accessLogBucket,
  EDGE_REGION,
  edgeAclParameterName,
  edgeLogBucketParameterName,
  PortalEdgeStack,
} from './edge-acl';
import { acknowledgeCustomResourceHandler } from './portal-function';
import { cachedReadPolicy, CACHED_PATH_PREFIX, STAGE_NAME } from './routes';
import type { PortalSettings } from './settings';
import { spaRoutingSource } from './spa-routing';
import { cognitoEndpoint } from './user-pool';
import { feeds } from '../lambdas/platform/deployment';

export interface PortalSiteProps {
  api: IHttpApi;
  /** The secret header CloudFront adds to every call it sends the API (OriginSecret). */
  originHeader: { name: string; value: string };
  domain?: PortalSettings['domain'];
}

export class PortalSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** The us-east-1 stack of the web ACL (and, in an opt-in region, of CloudFront's logs). */
  readonly edge: PortalEdgeStack;
  /** `https://` and the custom domain, or CloudFront's own domain. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: PortalSiteProps) {
    super(scope, id);
    const logs = accessLogBucket(this, 'AccessLogs');

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
      // Only the build lives here, deployed again by every `cdk deploy`.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: accountWideName(this, 'SecurityHeaders'),
      comment: 'Registration portal: HSTS, content security policy, no framing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Stack.of(this).region), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(spaRoutingSource),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Routes of the web app get index.html',
    });

    // The API's host from its endpoint (https://{id}.execute-api.{region}.amazonaws.com): the API alone, no stage.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    const apiOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [props.originHeader.name]: props.originHeader.value },
    });
    const feedCachePolicy = new CachePolicy(this, 'FeedCache', {
      comment: 'Portal feeds: cached per query string for as long as the feed says',
      defaultTtl: Duration.minutes(15),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The catalogue reads every visitor shares: kept as long as their answer says, per payload, no header
    // forwarded (a token never reaches them, nor splits the cache).
    const catalogueCachePolicy = new CachePolicy(this, 'CatalogueCache', {
      comment: 'Portal catalogue reads: cached per payload for as long as the answer says',
      minTtl: Duration.seconds(cachedReadPolicy.minSeconds),
      defaultTtl: Duration.seconds(cachedReadPolicy.defaultSeconds),
      maxTtl: Duration.seconds(cachedReadPolicy.maxSeconds),
      queryStringBehavior: CacheQueryStringBehavior.allowList('payload'),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The caller's language reaches the catalogue reads without keying their cache: a success is the same in every
    // language (shared), a refusal is said in the caller's (lambdas/platform/errorLanguage.ts) and never kept
    // (`cache-control: no-store`). Nothing else is forwarded: a token never reaches them.
    const catalogueOriginPolicy = new OriginRequestPolicy(this, 'CatalogueLanguage', {
      comment: "Portal catalogue reads: the caller's language only, for a refusal's words",
      headerBehavior: OriginRequestHeaderBehavior.allowList('accept-language'),
    });
    this.edge = this.edgeStack();
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Registration portal',
      webAclId: this.readEdgeValue('EdgeWebAclArn', edgeAclParameterName(Stack.of(this).stackName)),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.edge.holdsCloudFrontLogs ? this.edgeLogBucket() : logs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteAccess', {
            originAccessControlName: accountWideName(this, 'SiteAccess'),
            description: 'The registration portal site bucket, read by its distribution only',
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The feeds are public documents calendar apps poll: cached as long as they say (by query string).
        ...Object.fromEntries(
          Object.values(feeds).map((feed) => [
            `/${STAGE_NAME}${feed.path}`,
            {
              origin: apiOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
              cachePolicy: feedCachePolicy,
              responseHeadersPolicy: securityHeaders,
            },
          ]),
        ),
        [`/${STAGE_NAME}${CACHED_PATH_PREFIX}*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: catalogueCachePolicy,
          originRequestPolicy: catalogueOriginPolicy,
          responseHeadersPolicy: securityHeaders,
        },
        [`/${STAGE_NAME}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // No caching; all viewer headers but Host, which carries the Authorization header (a cache
          // policy can't name it while caching is off, an origin request policy can't name it at all).
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Families may register from anywhere; no country is excluded.',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate fixes the TLS policy; deploy with domainName and certificateArn for TLSv1.2_2021.',
      });
    }

    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
  }

  /**
   * The us-east-1 stack of the web ACL (and, for a portal in an opt-in region, of CloudFront's logs),
   * beside this one in the app and deployed first.
   */
  private edgeStack(): PortalEdgeStack {
    const stack = Stack.of(this);
    const app = Stage.of(this);
    if (!app) throw new Error('The portal stack must be part of an app to have its edge stack.');
    const edge = new PortalEdgeStack(app, `${stack.stackName}Edge`, {
      description:
        'Registration portal: the web ACL of its CloudFront distribution (CloudFront takes them from us-east-1 only)',
      env: { account: Token.isUnresolved(stack.account) ? undefined : stack.account, region: EDGE_REGION },
      portalStackName: stack.stackName,
      holdsCloudFrontLogs: !Token.isUnresolved(stack.region) && RegionInfo.get(stack.region).isOptInRegion,
      terminationProtection: stack.terminationProtection,
    });
    stack.addStackDependency(edge, 'CloudFront needs the web ACL the edge stack makes');
    if (Token.isUnresolved(stack.region)) refuseOptInRegions(stack);
    return edge;
  }

  /** A value the edge stack publishes in SSM, read at deploy time across regions, whatever this stack's region. */
  private readEdgeValue(id: string, parameterName: string): string {
    const read = new AwsCustomResource(this, id, {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: parameterName },
        region: EDGE_REGION,
        physicalResourceId: PhysicalResourceId.of(parameterName),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [`arn:${Aws.PARTITION}:ssm:${EDGE_REGION}:${Aws.ACCOUNT_ID}:parameter${parameterName}`],
      }),
      installLatestAwsSdk: false,
      memorySize: 256,
    });
    acknowledgeCustomResourceHandler(read);
    return read.getResponseField('Parameter.Value');
  }

  /** CloudFront's log bucket in us-east-1, for a portal in an opt-in region. */
  private edgeLogBucket(): IBucket {
    const bucketName = this.readEdgeValue('EdgeLogBucket', edgeLogBucketParameterName(Stack.of(this).stackName));
    return Bucket.fromBucketAttributes(this, 'CloudFrontLogs', { bucketName, region: EDGE_REGION });
  }
}

/**
 * A name CloudFront keeps per account (response headers policies, origin access controls): the stack's
 * name (its stage) and region in it, so copies of the portal in other regions or stages do not collide.
 */
function accountWideName(scope: Construct, id: string): string {
  const stack = Stack.of(scope);
  return `${stack.stackName}-${stack.region}-${id}`;
}

/**
 * A template synthesized without its region cannot know whether CloudFront may log into this region's
 * buckets: it refuses, before anything is made, the regions where it may not.
 */
function refuseOptInRegions(stack: Stack): void {
  const optInRegions = RegionInfo.regions.filter((region) => region.isOptInRegion).map((region) => region.name);
  new CfnRule(stack, 'CloudFrontLogsRegion', {
    assertions: [
      {
        assert: Fn.conditionNot(Fn.conditionContains(optInRegions, Aws.REGION)),
        assertDescription:
          "CloudFront cannot write its logs to a bucket in an opt-in region: synthesize with the region known (cdk deploy -c region=…) so the logs go to the edge stack's bucket in us-east-1.",
      },
    ],
  });
}

/**
 * Scripts, styles and images from the site itself; the API is reached on the same origin (`/api`), sign-in
 * at the region's Cognito endpoint. MUI (Emotion) inserts its styles at run time, hence inline styles. The class
 * day's service worker and manifest (/sw.js, /class-day.webmanifest) are the site's own, named so that a later
 * change of script-src or default-src cannot silently stop the class day from opening without signal.
 */
export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${cognitoEndpoint(region)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
