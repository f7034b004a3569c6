// One call of the Cognito user pool API over HTTP (awsJson): the admin calls signed with the function's own
// credentials; the calls Cognito authorizes with a user's access token are not.
import { AwsJsonError, awsJsonCall, awsRegion } from './awsJson';
import { optionalEnv } from './env';
import type { UserPoolCall } from './deployment';

/** The calls a user makes with an access token (no IAM). */
export type TokenCall = 'GetUser' | 'DeleteUser' | 'UpdateUserAttributes';

/** Cognito's errors are the AWS JSON APIs' errors. */
export { AwsJsonError as CognitoError };

/** Calls the user pool API: an admin call signed with the function's credentials, a token call as it is. */
export function cognitoCall<T>(
  operation: UserPoolCall | TokenCall,
  input: Record<string, unknown>,
  signed: boolean,
): Promise<T> {
  return awsJsonCall<T>({
    endpoint: optionalEnv('COGNITO_ENDPOINT') ?? `https://cognito-idp.${awsRegion()}.amazonaws.com`,
    service: 'cognito-idp',
    target: `AWSCognitoIdentityProviderService.${operation}`,
    input,
    signed,
  });
}
