// One call of the Cognito user pool API over HTTP (awsPost). The admin calls are signed (SigV4) with the
// function's own credentials; the calls Cognito authorizes with a user's access token are not. Not the SDK's
// client: the shared middleware makes the live admin check, and every function's bundle would carry it.
import type { UserPoolCall } from '../manifest';
import { awsPost } from './awsPost';
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

/** Calls the user pool API: an admin call signed with the function's credentials, a token call as it is. */
export async function cognitoCall<T>(
  operation: UserPoolCall | TokenCall,
  input: Record<string, unknown>,
  signed: boolean,
): Promise<T> {
  const response = await awsPost({
    service: 'cognito-idp',
    url: endpoint(),
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(input),
    signed,
  });
  const answer = (await response.json().catch(() => ({}))) as T & { __type?: string; message?: string };
  if (!response.ok)
    throw new CognitoError(
      (answer.__type ?? 'CognitoError').split('#').pop()!,
      answer.message ?? `Cognito answered ${response.status}`,
      response.status,
    );
  return answer;
}
