// The Cognito admin calls a few functions make (looking up a family's e-mail, deleting an account).
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type UserType,
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

export interface PoolUser {
  username: string;
  sub: string;
  email: string;
}

function poolUser(username: string | undefined, attributes: UserType['Attributes']): PoolUser {
  const attribute = (name: string) => attributes?.find((candidate) => candidate.Name === name)?.Value ?? '';
  return { username: username ?? '', sub: attribute('sub'), email: attribute('email') };
}

/** The user with this e-mail, or undefined. */
export async function userByEmail(email: string): Promise<PoolUser | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return poolUser(user.Username, user.UserAttributes);
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

export async function groupMembers(group: string): Promise<PoolUser[]> {
  const members: PoolUser[] = [];
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, NextToken }));
    members.push(...(page.Users ?? []).map((user) => poolUser(user.Username, user.Attributes)));
    NextToken = page.NextToken;
  } while (NextToken);
  return members.sort((a, b) => a.email.localeCompare(b.email));
}

export async function addToGroup(username: string, group: string): Promise<void> {
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
}

export async function removeFromGroup(username: string, group: string): Promise<void> {
  await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
}
