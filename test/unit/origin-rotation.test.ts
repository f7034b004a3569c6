// The monthly rotation of the origin secret, step by step as Secrets Manager calls it: a new pending value,
// CloudFront told to send it on the API's origin only, then the new value made current.
import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand } from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import type { SecretsManagerRotationEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';

process.env.DISTRIBUTION_ID = 'E2PORTAL';
const secrets = mockClient(SecretsManagerClient);
const cloudFront = mockClient(CloudFrontClient);
const { rotateOriginSecret } =
  require('../../lambdas/platform/handlers/originSecret') as typeof import('../../lambdas/platform/handlers/originSecret');

const step = (Step: SecretsManagerRotationEvent['Step']) =>
  rotateOriginSecret({ SecretId: 'origin', ClientRequestToken: 'v2', Step });

beforeEach(() => {
  secrets.reset();
  cloudFront.reset();
  secrets.on(DescribeSecretCommand).resolves({
    RotationEnabled: true,
    VersionIdsToStages: { v1: ['AWSCURRENT'], v2: ['AWSPENDING'] },
  });
});

test('createSecret puts a new random value as AWSPENDING, once', async () => {
  secrets.on(GetSecretValueCommand).rejects(new ResourceNotFoundException({ message: 'none', $metadata: {} }));
  secrets.on(GetRandomPasswordCommand).resolves({ RandomPassword: 'n'.repeat(48) });
  await step('createSecret');
  expect(secrets.commandCalls(GetRandomPasswordCommand)[0]!.args[0].input).toEqual({
    PasswordLength: 48,
    ExcludePunctuation: true,
  });
  expect(secrets.commandCalls(PutSecretValueCommand)[0]!.args[0].input).toEqual({
    SecretId: 'origin',
    ClientRequestToken: 'v2',
    SecretString: 'n'.repeat(48),
    VersionStages: ['AWSPENDING'],
  });
  secrets.on(GetSecretValueCommand).resolves({ SecretString: 'n'.repeat(48) });
  await step('createSecret');
  expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(1);
});

test('setSecret makes CloudFront send the pending value on the origin that carries the header, and leaves the others', async () => {
  secrets.on(GetSecretValueCommand).resolves({ SecretString: 'pending-value' });
  cloudFront.on(GetDistributionConfigCommand).resolves({
    ETag: 'E1',
    DistributionConfig: {
      Origins: {
        Quantity: 2,
        Items: [
          { Id: 'site', DomainName: 'bucket.s3.amazonaws.com' },
          {
            Id: 'api',
            DomainName: 'abc.execute-api.eu-west-1.amazonaws.com',
            CustomHeaders: { Quantity: 1, Items: [{ HeaderName: 'x-origin-verify', HeaderValue: 'current-value' }] },
          },
        ],
      },
    } as never,
  });
  await step('setSecret');
  const update = cloudFront.commandCalls(UpdateDistributionCommand)[0]!.args[0].input;
  expect(update).toMatchObject({ Id: 'E2PORTAL', IfMatch: 'E1' });
  expect(update.DistributionConfig!.Origins!.Items!.map((origin) => origin.CustomHeaders?.Items)).toEqual([
    undefined,
    [{ HeaderName: 'x-origin-verify', HeaderValue: 'pending-value' }],
  ]);
});

test('finishSecret moves AWSCURRENT to the new version (the old one becomes AWSPREVIOUS)', async () => {
  await step('finishSecret');
  expect(secrets.commandCalls(UpdateSecretVersionStageCommand)[0]!.args[0].input).toEqual({
    SecretId: 'origin',
    VersionStage: 'AWSCURRENT',
    MoveToVersionId: 'v2',
    RemoveFromVersionId: 'v1',
  });
});

test('a version that is current already is left alone; one that is not pending is refused', async () => {
  secrets.on(DescribeSecretCommand).resolves({ RotationEnabled: true, VersionIdsToStages: { v2: ['AWSCURRENT'] } });
  await step('finishSecret');
  expect(secrets.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
  secrets.on(DescribeSecretCommand).resolves({ RotationEnabled: true, VersionIdsToStages: { v2: [] } });
  await expect(step('setSecret')).rejects.toThrow('v2 is not pending in origin.');
});
