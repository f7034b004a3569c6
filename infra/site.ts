// The web site: the built app in a private bucket behind CloudFront (origin access control), the SPA
// fallback, security headers, and `/api/*` passed through to the HTTP API so the site calls its own origin.
import { CfnElement, DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
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
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RuntimeConfig } from '../web/src/runtimeConfig';
import type { PortalSettings } from './settings';
import { spaRoutingSource } from './spa-routing';
import { cognitoEndpoint } from './user-pool';
import { STAGE_NAME } from './api';

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
        [`/${STAGE_NAME}/*`]: {
          origin: new HttpOrigin(apiHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
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

  /**
   * The built web app and its `config.json`. Hashed files under `assets/` are immutable and kept from
   * earlier builds (open tabs still load them); everything else is revalidated on every visit.
   */
  deployWebApp(webDist: string, config: RuntimeConfig): void {
    const dist = resolve(webDist);
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error(`The web app is not built: ${join(dist, 'index.html')} is missing. Run \`npm run build:web\` first.`);
    }
    const assets = new BucketDeployment(this, 'WebAssets', {
      sources: [Source.asset(dist)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const entry = new BucketDeployment(this, 'WebEntry', {
      sources: [Source.asset(dist), Source.jsonData('config.json', config)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // A new index.html must not name chunks that are not uploaded yet.
    entry.node.addDependency(assets);
    acknowledgeDeploymentHandler(entry, this.bucket);
  }
}

/** CDK's own handler behind both deployments: its role, grants and runtime are CDK's, not ours. */
function acknowledgeDeploymentHandler(deployment: BucketDeployment, bucket: Bucket): void {
  const stack = Stack.of(bucket);
  const handler = deployment.handlerRole.node.scope;
  if (!handler) throw new Error('The bucket deployment handler has no scope.');
  const bucketLogicalId = stack.getLogicalId(bucket.node.defaultChild as CfnElement);
  const findings: Record<string, string> = {
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
      'CDK gives its deployment handler the basic execution policy for its logs.',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]': "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:GetObject*]': "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:List*]': "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:Abort*]': "CDK's write grant on the site bucket, which the deployment fills and prunes.",
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]': "CDK's write grant on the site bucket, which the deployment fills and prunes.",
    [`AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/*]`]: 'The deployment writes the objects of the site bucket only.',
    [`AwsSolutions-IAM5[Resource::${assetBucketObjects(stack)}]`]: "The deployment reads the zipped build from CDK's bootstrap asset bucket.",
    'AwsSolutions-IAM5[Resource::*]': "CDK grants its handler CloudFront invalidations on '*'; it invalidates this distribution only.",
    'AwsSolutions-L1': 'CDK pins the runtime of its deployment handler.',
  };
  for (const [id, reason] of Object.entries(findings)) Validations.of(handler).acknowledge({ id, reason });
}

/** The objects of CDK's bootstrap asset bucket, named as cdk-nag names them. */
function assetBucketObjects(stack: Stack): string {
  const qualifier: unknown = stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier');
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `arn:<AWS::Partition>:s3:::cdk-${typeof qualifier === 'string' ? qualifier : DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}/*`;
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
