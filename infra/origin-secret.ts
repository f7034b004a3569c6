// The API only through CloudFront: a secret CloudFront adds as a header to every call it sends the API, which
// every function checks (lambdas/platform/originCheck.ts), so the API's own execute-api address, which skips
// CloudFront's web firewall and headers, answers 403. Secrets Manager keeps the secret and rotates it every
// 30 days with the portal's rotation function, which tells CloudFront the new value before it is current.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../lambdas/platform/originCheck';
import { PortalFunction } from './portal-function';

export const ORIGIN_SECRET_ROTATION_DAYS = 30;

export class OriginSecret extends Construct {
  readonly secret: Secret;
  /** The header CloudFront adds to the calls it sends the API. */
  readonly header: { name: string; value: string };

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Registration portal: the header CloudFront adds to the calls it sends the API',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A dynamic reference: CloudFormation reads the value when it writes the distribution; it is in no template.
    this.header = { name: ORIGIN_HEADER, value: this.secret.secretValue.unsafeUnwrap() };
  }

  /** The function checks the header: it may read the secret, and is told which. */
  bind(fn: PortalFunction): void {
    fn.setEnvironment('ORIGIN_SECRET_ID', this.secret.secretArn);
    this.secret.grantRead(fn.handler);
  }

  /** The monthly rotation, which tells this distribution the new value. */
  rotateWith(distribution: Distribution): PortalFunction {
    const rotation = new PortalFunction(this, 'rotateOriginSecret', {
      entry: 'lambdas/platform/handlers/originSecret.ts',
      description: 'Rotates the secret header CloudFront adds to the calls it sends the API',
      environment: { DISTRIBUTION_ID: distribution.distributionId },
    });
    rotation.handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [
          Stack.of(this).formatArn({
            service: 'cloudfront',
            region: '',
            resource: 'distribution',
            resourceName: distribution.distributionId,
          }),
        ],
      }),
    );
    this.secret.addRotationSchedule('Rotation', {
      rotationLambda: rotation.handler,
      automaticallyAfter: Duration.days(ORIGIN_SECRET_ROTATION_DAYS),
      rotateImmediatelyOnUpdate: false,
    });
    Validations.of(rotation).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: "Secrets Manager's GetRandomPassword acts on no resource: IAM takes it on '*' only.",
    });
    return rotation;
  }
}
