// The Cognito admin calls of the administrators' functions: the admin group and its members.
import {
  AdminAddUserToGroupCommand,
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
