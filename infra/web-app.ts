// The built web app and its config.json, deployed into the site's bucket by the stack.
import { type CfnElement, DefaultStackSynthesizer, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RuntimeConfig } from '../web/src/runtimeConfig';
import { acknowledgeServerlessFindings } from './portal-function';
import type { PortalSite } from './site';

/**
 * Hashed files under `assets/` are immutable and kept from earlier builds (open tabs still load them);
 * everything else, config.json included, is revalidated on every visit.
 */
export function deployWebApp(site: PortalSite, webDist: string, config: RuntimeConfig): void {
  const dist = resolve(webDist);
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${join(dist, 'index.html')} is missing. Run \`npm run build:web\` first.`,
    );
  }
  // Source maps stay on the build machine: the public site serves what browsers run, not the source.
  const build = Source.asset(dist, { exclude: ['*.map'] });
  const assets = new BucketDeployment(site, 'WebAssets', {
    sources: [build],
    destinationBucket: site.bucket,
    exclude: ['*'],
    include: ['assets/*'],
    prune: false,
    cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
  });
  const entry = new BucketDeployment(site, 'WebEntry', {
    sources: [build, Source.jsonData('config.json', config)],
    destinationBucket: site.bucket,
    exclude: ['assets/*'],
    cacheControl: [CacheControl.noCache()],
    distribution: site.distribution,
    distributionPaths: ['/*'],
  });
  // A new index.html must not name chunks that are not uploaded yet.
  entry.node.addDependency(assets);
  // Both deployments run on one handler (a singleton), which carries the first one's AWS CLI layer (22 MB);
  // the second deployment makes a layer of its own that nothing uses.
  entry.node.tryRemoveChild('AwsCliLayer');
  acknowledgeDeploymentHandler(entry, site.bucket);
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
    'AwsSolutions-IAM5[Action::s3:GetBucket*]':
      "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:GetObject*]':
      "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:List*]': "CDK's read grant: the build's zip in the asset bucket and the site bucket.",
    'AwsSolutions-IAM5[Action::s3:Abort*]':
      "CDK's write grant on the site bucket, which the deployment fills and prunes.",
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]':
      "CDK's write grant on the site bucket, which the deployment fills and prunes.",
    [`AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/*]`]:
      'The deployment writes the objects of the site bucket only.',
    [`AwsSolutions-IAM5[Resource::${assetBucketObjects(stack)}]`]:
      "The deployment reads the zipped build from CDK's bootstrap asset bucket.",
    'AwsSolutions-IAM5[Resource::*]':
      "CDK grants its handler CloudFront invalidations on '*'; it invalidates this distribution only.",
    'AwsSolutions-L1': 'CDK pins the runtime of its deployment handler.',
    'Serverless-LambdaLatestVersion': 'CDK pins the runtime of its deployment handler.',
  };
  for (const [id, reason] of Object.entries(findings)) Validations.of(handler).acknowledge({ id, reason });
  acknowledgeServerlessFindings(handler);
}

/** The objects of CDK's bootstrap asset bucket, named as cdk-nag names them. */
function assetBucketObjects(stack: Stack): string {
  const qualifier: unknown = stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier');
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `arn:<AWS::Partition>:s3:::cdk-${typeof qualifier === 'string' ? qualifier : DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}/*`;
}
