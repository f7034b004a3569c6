// Calls reach the functions through CloudFront only, past its web firewall and headers: CloudFront adds a
// secret header to every call it sends the API, and a call without it (sent to the API's own execute-api
// address) is refused. The secret lives in Secrets Manager (ORIGIN_SECRET_ID) and is rotated monthly; its
// current, pending and previous values all pass, as CloudFront's edges learn a new value over minutes.
// The local gateway adds the header as CloudFront does and answers for Secrets Manager.
import { timingSafeEqual } from 'node:crypto';
import { AwsJsonError, awsJsonCall, awsRegion } from './awsJson';
import { optionalEnv } from './env';
import { permissionDenied } from '../contract/errors';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The header CloudFront adds to every call it sends the API. */
export const ORIGIN_HEADER = 'x-origin-verify';

/** Secrets Manager's stages of the secret: CloudFront sends one of them, whichever its edge knows. */
const STAGES = ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'] as const;
/** How long the values read are used, and how soon a value not among them may make the function read again. */
const KEEP_MS = 5 * 60_000;
const READ_AGAIN_MS = 30_000;

let known: { values: Buffer[]; readAt: number } | undefined;
let reading: Promise<Buffer[]> | undefined;

async function readValues(secretId: string): Promise<Buffer[]> {
  const values = await Promise.all(
    STAGES.map((VersionStage) =>
      awsJsonCall<{ SecretString?: string }>({
        endpoint: optionalEnv('SECRETS_MANAGER_ENDPOINT') ?? `https://secretsmanager.${awsRegion()}.amazonaws.com`,
        service: 'secretsmanager',
        target: 'secretsmanager.GetSecretValue',
        input: { SecretId: secretId, VersionStage },
      }).then(
        (secret) => secret.SecretString,
        (error: unknown) => {
          // No version holds the stage (nothing pending between rotations, no previous before the first).
          if (error instanceof AwsJsonError && error.type === 'ResourceNotFoundException') return undefined;
          throw error;
        },
      ),
    ),
  );
  known = { values: values.flatMap((value) => (value ? [Buffer.from(value)] : [])), readAt: Date.now() };
  return known.values;
}

/** The values that pass now: read at most once at a time, again when old or when one sent is not among them. */
function acceptedValues(secretId: string, afterMiss: boolean): Promise<Buffer[]> {
  const age = known ? Date.now() - known.readAt : Number.POSITIVE_INFINITY;
  if (known && age < (afterMiss ? READ_AGAIN_MS : KEEP_MS)) return Promise.resolve(known.values);
  reading ??= readValues(secretId).finally(() => {
    reading = undefined;
  });
  return reading;
}

const matches = (sent: Buffer, values: Buffer[]) =>
  values.some((value) => value.length === sent.length && timingSafeEqual(value, sent));

/** Refuses a call that did not come through CloudFront (when the function is given the secret to check). */
/** The check as a Middy middleware: it reads the call's headers alone. */
export function originCheck(): MiddlewareObj<Pick<APIGatewayProxyEventV2, 'headers'>> {
  // Read when the handler is made (a module that only names the header loads before the settings exist).
  const secretId = optionalEnv('ORIGIN_SECRET_ID');
  return {
    before: async (request) => {
      if (!secretId) return;
      const headers = request.event.headers ?? {};
      const value = Object.entries(headers).find(([name]) => name.toLowerCase() === ORIGIN_HEADER)?.[1];
      const sent = Buffer.from(value ?? '');
      if (
        sent.length > 0 &&
        (matches(sent, await acceptedValues(secretId, false)) || matches(sent, await acceptedValues(secretId, true)))
      )
        return;
      throw permissionDenied("This is not the portal's address: call the portal through its site.");
    },
  };
}
