// One POST to an AWS API over plain fetch, signed (SigV4) with the function's own credentials, which Lambda
// puts in the environment. Plain fetch and the signer, not the SDK's clients: a client is tens of kilobytes
// of every bundle that carries it, for the one or two calls the portal makes.
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { requiredEnv } from './env';

// The SDK's credential chain: in a Lambda bundle the environment alone (see lambdaCredentials.ts), for
// `npm run admin` against a deployed pool also a profile or SSO.
const credentials = defaultProvider();

export interface AwsPost {
  /** The service's signing name: `cognito-idp`, `ses`. */
  service: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** Calls a user makes with their own token are sent unsigned. */
  signed?: boolean;
}

export async function awsPost({ service, url, headers, body, signed = true }: AwsPost): Promise<Response> {
  let sent: Record<string, string> = { ...headers, host: url.host };
  if (signed) {
    const signer = new SignatureV4({ service, region: requiredEnv('AWS_REGION'), sha256: Sha256, credentials });
    const request = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      headers: sent,
      body,
    });
    sent = request.headers;
  }
  const { host: _host, ...withoutHost } = sent;
  return fetch(url, { method: 'POST', headers: withoutHost, body });
}
