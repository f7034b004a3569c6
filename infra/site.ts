// The web site: the built app in a private bucket behind CloudFront (origin access control), the SPA
// fallback, security headers, and `/api/*` passed through to the HTTP API so the site calls its own origin.
import { Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
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
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { PortalSettings } from './settings';
import { STAGE_NAME } from './api';
import { spaRoutingSource } from './spa-routing';
import { cognitoEndpoint } from './user-pool';
import { feeds } from '../lambdas/manifest';

export interface PortalSiteProps {
  api: IHttpApi;
  domain?: PortalSettings['domain'];
}

export class PortalSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://` and the custom domain, or CloudFront's own domain. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: PortalSiteProps) {
    super(scope, id);
    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are written with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(logs).acknowledge({ id: 'AwsSolutions-S1', reason: 'This is the access-log bucket; logging it into itself would loop.' });

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

    const apiOrigin = new HttpOrigin(apiHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
    const feedCachePolicy = new CachePolicy(this, 'FeedCache', {
      comment: 'Portal feeds: cached per query string for as long as the feed says',
      defaultTtl: Duration.minutes(15),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Registration portal',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
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
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'Families may register from anywhere; no country is excluded.' });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason: 'No WAF: the API is throttled per route and every write is validated; a web ACL costs more than a school programme warrants.',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'The default *.cloudfront.net certificate fixes the TLS policy; deploy with domainName and certificateArn for TLSv1.2_2021.',
      });
    }

    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
  }
}

/**
 * Scripts, styles and images from the site itself; the API is reached on the same origin (`/api`), sign-in
 * at the region's Cognito endpoint. MUI (Emotion) inserts its styles at run time, hence inline styles.
 */
export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
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
