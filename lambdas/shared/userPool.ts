// The Cognito admin calls a few functions make (looking up a family's e-mail, deleting an account).
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { optionalEnv, requiredEnv } from './env';

const userPoolId = requiredEnv('USER_POOL_ID');
const cognito = new CognitoIdentityProviderClient({ endpoint: optionalEnv('COGNITO_ENDPOINT') });

export async function emailOfUser(username: string): Promise<string | undefined> {
  try {
    const { UserAttributes } = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/** Deletes the user; a user already gone is fine (a retried call). */
export async function deleteUser(username: string): Promise<void> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}
