// Secrets Manager's rotation of the origin secret (the header CloudFront adds to every call it sends the
// API), once a month, in its four steps: a new value as AWSPENDING; CloudFront told to send it; then the new
// value made AWSCURRENT (the old one becomes AWSPREVIOUS). The functions accept all three stages
// (shared/originCheck), so no call is refused while CloudFront's edges learn the new value.
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
import middy from '@middy/core';
import type { SecretsManagerRotationEvent } from 'aws-lambda';
import { requiredEnv } from '../env';
import { logCallContext, logger } from '../logger';
import { ORIGIN_HEADER } from '../originCheck';

const secrets = new SecretsManagerClient({});
const cloudFront = new CloudFrontClient({});
const distributionId = requiredEnv('DISTRIBUTION_ID');

export async function rotateOriginSecret(event: SecretsManagerRotationEvent): Promise<void> {
  const { SecretId, ClientRequestToken, Step } = event;
  const secret = await secrets.send(new DescribeSecretCommand({ SecretId }));
  const stages = secret.VersionIdsToStages?.[ClientRequestToken];
  if (!secret.RotationEnabled) throw new Error(`Rotation is not enabled on ${SecretId}.`);
  if (!stages) throw new Error(`${ClientRequestToken} is not a version of ${SecretId}.`);
  if (stages.includes('AWSCURRENT')) return; // finished already
  if (!stages.includes('AWSPENDING')) throw new Error(`${ClientRequestToken} is not pending in ${SecretId}.`);
  logger.info('A step of the origin secret rotation.', { step: Step, version: ClientRequestToken });

  if (Step === 'createSecret') return createPending(SecretId, ClientRequestToken);
  if (Step === 'setSecret') {
    const pending = await secrets.send(
      new GetSecretValueCommand({ SecretId, VersionId: ClientRequestToken, VersionStage: 'AWSPENDING' }),
    );
    return sendFromCloudFront(pending.SecretString!);
  }
  if (Step === 'testSecret') return; // the functions accept the pending value already: nothing to test against
  if (Step === 'finishSecret') return makeCurrent(SecretId, ClientRequestToken, secret.VersionIdsToStages ?? {});
  throw new Error(`Unknown rotation step ${String(Step)}.`);
}

async function createPending(SecretId: string, ClientRequestToken: string): Promise<void> {
  try {
    await secrets.send(
      new GetSecretValueCommand({ SecretId, VersionId: ClientRequestToken, VersionStage: 'AWSPENDING' }),
    );
    return; // made by an earlier try of this step
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const { RandomPassword } = await secrets.send(
    new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true }),
  );
  await secrets.send(
    new PutSecretValueCommand({
      SecretId,
      ClientRequestToken,
      SecretString: RandomPassword,
      VersionStages: ['AWSPENDING'],
    }),
  );
}

/** CloudFront's origins that carry the header (the API's) send the new value from now on. */
async function sendFromCloudFront(value: string): Promise<void> {
  const { DistributionConfig, ETag } = await cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  if (!DistributionConfig) throw new Error(`CloudFront has no distribution ${distributionId}.`);
  let changed = 0;
  for (const origin of DistributionConfig.Origins?.Items ?? []) {
    for (const header of origin.CustomHeaders?.Items ?? []) {
      if (header.HeaderName?.toLowerCase() !== ORIGIN_HEADER || header.HeaderValue === value) continue;
      header.HeaderValue = value;
      changed += 1;
    }
  }
  if (changed === 0) return;
  await cloudFront.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: ETag, DistributionConfig }));
}

async function makeCurrent(
  SecretId: string,
  ClientRequestToken: string,
  versions: Record<string, string[]>,
): Promise<void> {
  const current = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  await secrets.send(
    new UpdateSecretVersionStageCommand({
      SecretId,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: ClientRequestToken,
      ...(current && { RemoveFromVersionId: current }),
    }),
  );
}

export const handler = middy(rotateOriginSecret).use(logCallContext());
