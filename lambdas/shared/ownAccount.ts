// The caller's own account in the user pool, through the calls Cognito authorizes with the user's access
// token (GetUser, DeleteUser): no IAM right and no admin API is needed to read one's e-mail or to delete
// oneself, and no SDK client weighs on the functions that do.
import { optionalEnv, requiredEnv } from './env';

const endpoint = optionalEnv('COGNITO_ENDPOINT') ?? `https://cognito-idp.${requiredEnv('AWS_REGION')}.amazonaws.com/`;

class CognitoError extends Error {
  constructor(readonly type: string, message: string) {
    super(message);
    this.name = type;
  }
}

async function userPoolCall<T>(operation: 'GetUser' | 'DeleteUser', accessToken: string): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  const body = (await response.json().catch(() => ({}))) as T & { __type?: string; message?: string };
  if (!response.ok) throw new CognitoError((body.__type ?? 'CognitoError').split('#').pop()!, body.message ?? `Cognito answered ${response.status}`);
  return body;
}

/** The e-mail of the account the token belongs to. */
export async function ownEmail(accessToken: string): Promise<string | undefined> {
  const user = await userPoolCall<{ UserAttributes?: Array<{ Name: string; Value: string }> }>('GetUser', accessToken);
  return user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
}

/** Deletes the account the token belongs to; one already gone is fine (a retried call). */
export async function deleteOwnAccount(accessToken: string): Promise<void> {
  try {
    await userPoolCall('DeleteUser', accessToken);
  } catch (error) {
    if (!(error instanceof CognitoError && ['UserNotFoundException', 'NotAuthorizedException'].includes(error.type))) throw error;
  }
}
