// The API only through CloudFront: CloudFront adds the secret header to every call it sends the API; each
// function behind the API may read that secret (and only it) to check the header; Secrets Manager rotates it
// every 30 days with the portal's rotation function, which may update this distribution only.
import { manifest } from '../../lambdas/contract/manifest';
import { ORIGIN_SECRET_ROTATION_DAYS } from '../../infra/origin-secret';
import type { PortalFunction } from '../../infra/portal-function';
import { grantsOf, logicalId, manifestFunction, synthesizePortal, TEST_ACCOUNT } from './synthesize';
import { feeds, streamConsumers, userPoolTriggers } from '../../lambdas/platform/deployment';

const { stack, template } = synthesizePortal();
type Resource = { Type: string; Properties: Record<string, any> };
const resources = template.toJSON().Resources as Record<string, Resource>;
const origin = stack.node.findChild('Origin');
const secretId = logicalId(origin.node.findChild('Secret'));
const distributionId = logicalId(stack.node.findChild('Site').node.findChild('Distribution'));
const distribution = resources[distributionId]!.Properties.DistributionConfig;
const variables = (fn: PortalFunction) => resources[logicalId(fn.handler)]!.Properties.Environment.Variables;
const secretGrants = (fn: PortalFunction) =>
  grantsOf(template, fn).filter((grant) => grant.actions.some((action) => action.startsWith('secretsmanager:')));

test('CloudFront sends the secret header on every behaviour that reaches the API, and to no other origin', () => {
  const apiOriginIds = new Set(
    (distribution.CacheBehaviors as Array<{ PathPattern: string; TargetOriginId: string }>)
      .filter((behavior) => behavior.PathPattern.startsWith('/api/'))
      .map((behavior) => behavior.TargetOriginId),
  );
  expect(apiOriginIds.size).toBe(1);
  for (const cdnOrigin of distribution.Origins as Array<Record<string, any>>) {
    if (apiOriginIds.has(cdnOrigin.Id))
      expect(cdnOrigin.OriginCustomHeaders).toEqual([
        {
          HeaderName: 'x-origin-verify',
          // Read by CloudFormation when it writes the distribution: the value is in no template.
          HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] },
        },
      ]);
    else expect(cdnOrigin.OriginCustomHeaders).toBeUndefined();
  }
});

test.each([...Object.keys(manifest), ...Object.keys(feeds)])(
  '%s checks the header: it is told the secret and may read that secret only',
  (name) => {
    const fn = manifestFunction(stack, name);
    expect(variables(fn).ORIGIN_SECRET_ID).toEqual({ Ref: secretId });
    expect(secretGrants(fn)).toEqual([
      { actions: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], resources: [{ Ref: secretId }] },
    ]);
  },
);

test.each([...Object.values(userPoolTriggers), ...Object.keys(streamConsumers)])(
  '%s, which no call through the API reaches, knows no secret',
  (name) => {
    const fn = stack.node
      .findAll()
      .find((construct) => construct.node.id === name && 'handler' in construct) as PortalFunction;
    expect(variables(fn).ORIGIN_SECRET_ID).toBeUndefined();
    expect(secretGrants(fn)).toEqual([]);
  },
);

test(`the secret is 48 letters and digits, rotated every ${ORIGIN_SECRET_ROTATION_DAYS} days by the portal's rotation function`, () => {
  expect(resources[secretId]!.Properties.GenerateSecretString).toEqual({
    PasswordLength: 48,
    ExcludePunctuation: true,
  });
  const rotation = origin.node.findChild('rotateOriginSecret') as PortalFunction;
  template.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
    SecretId: { Ref: secretId },
    RotationLambdaARN: { 'Fn::GetAtt': [logicalId(rotation.handler), 'Arn'] },
    RotationRules: { ScheduleExpression: 'rate(30 days)' },
    RotateImmediatelyOnUpdate: false,
  });
  expect(variables(rotation).DISTRIBUTION_ID).toEqual({ Ref: distributionId });
  const grants = grantsOf(template, rotation);
  expect(grants.filter((grant) => grant.actions.some((action) => action.startsWith('cloudfront:')))).toEqual([
    {
      actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
      resources: [
        {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, `:cloudfront::${TEST_ACCOUNT}:distribution/`, { Ref: distributionId }],
          ],
        },
      ],
    },
  ]);
  expect(grants.filter((grant) => grant.resources.includes('*'))).toEqual([
    { actions: ['secretsmanager:GetRandomPassword'], resources: ['*'] },
  ]);
  template.hasResourceProperties('AWS::Lambda::Permission', {
    Action: 'lambda:InvokeFunction',
    FunctionName: { 'Fn::GetAtt': [logicalId(rotation.handler), 'Arn'] },
    Principal: 'secretsmanager.amazonaws.com',
  });
});
