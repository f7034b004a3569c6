// One call of the Cognito user pool API over HTTP. The admin calls are signed (SigV4) with the function's
// own credentials, which Lambda puts in the environment; the calls Cognito authorizes with a user's access
// token are not. Plain fetch and the signer, not the SDK's client: the shared middleware makes the live
// admin check, and every function's bundle would carry a whole client for it.
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { UserPoolCall } from '../manifest';
import { optionalEnv, requiredEnv } from './env';

/** The calls a user makes with an access token (no IAM). */
export type TokenCall = 'GetUser' | 'DeleteUser';

export class CognitoError extends Error {
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

const region = () => requiredEnv('AWS_REGION');
// The API's one path is `/` under the endpoint, as the SDK calls it (and signs it).
const endpoint = () =>
  new URL(
    `${(optionalEnv('COGNITO_ENDPOINT') ?? `https://cognito-idp.${region()}.amazonaws.com`).replace(/\/+$/, '')}/`,
  );

// The SDK's credential chain: in a Lambda bundle the environment alone (see lambdaCredentials.ts), for
// `npm run admin` against a deployed pool also a profile or SSO.
const credentials = defaultProvider();

function signer(): SignatureV4 {
  return new SignatureV4({ service: 'cognito-idp', region: region(), sha256: Sha256, credentials });
}

/** Calls the user pool API: an admin call signed with the function's credentials, a token call as it is. */
export async function cognitoCall<T>(
  operation: UserPoolCall | TokenCall,
  input: Record<string, unknown>,
  signed: boolean,
): Promise<T> {
  const url = endpoint();
  const body = JSON.stringify(input);
  let headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    host: url.host,
  };
  if (signed) {
    const request = await signer().sign({
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
  const answer = (await response.json().catch(() => ({}))) as T & { __type?: string; message?: string };
  if (!response.ok)
    throw new CognitoError(
      (answer.__type ?? 'CognitoError').split('#').pop()!,
      answer.message ?? `Cognito answered ${response.status}`,
      response.status,
    );
  return answer;
}
