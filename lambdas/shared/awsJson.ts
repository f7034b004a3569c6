// One call of an AWS JSON API (Cognito's user pools, Secrets Manager) over HTTP, signed (SigV4) with the
// function's own credentials, which Lambda puts in the environment. Plain fetch and the signer, not the SDK's
// clients: the shared middleware makes these calls, and every function's bundle would carry whole clients.
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { requiredEnv } from './env';

export class AwsJsonError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = type;
  }

  /** As the SDK's errors say it: a server fault is worth a retry (see awsErrors). */
  get $metadata() {
    return { httpStatusCode: this.status };
  }
}

// The SDK's credential chain: in a Lambda bundle the environment alone (see lambdaCredentials.ts), for the
// commands run against a deployed stack also a profile or SSO.
const credentials = defaultProvider();

export const awsRegion = () => requiredEnv('AWS_REGION');

export interface AwsJsonCall {
  /** The API's endpoint; its one path is `/`, as the SDK calls it (and signs it). */
  endpoint: string;
  /** The signing name, e.g. `cognito-idp`. */
  service: string;
  /** `X-Amz-Target`, e.g. `AWSCognitoIdentityProviderService.AdminGetUser`. */
  target: string;
  input: Record<string, unknown>;
  /** Calls Cognito authorizes with a user's access token are sent unsigned. */
  signed?: boolean;
}

export async function awsJsonCall<T>({ endpoint, service, target, input, signed = true }: AwsJsonCall): Promise<T> {
  const url = new URL(`${endpoint.replace(/\/+$/, '')}/`);
  const body = JSON.stringify(input);
  let headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': target,
    host: url.host,
  };
  if (signed) {
    const signer = new SignatureV4({ service, region: awsRegion(), sha256: Sha256, credentials });
    const request = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      headers,
      body,
    });
    headers = request.headers;
  }
  const { host: _host, ...sent } = headers;
  const response = await fetch(url, { method: 'POST', headers: sent, body });
  const answer = (await response.json().catch(() => ({}))) as T & {
    __type?: string;
    message?: string;
    Message?: string;
  };
  if (!response.ok)
    throw new AwsJsonError(
      (answer.__type ?? `${service}Error`).split('#').pop()!,
      answer.message ?? answer.Message ?? `${service} answered ${response.status}`,
      response.status,
    );
  return answer;
}
