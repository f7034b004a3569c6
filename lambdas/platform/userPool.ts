// The Cognito admin calls of the portal: the admin group, its members, and the accounts administrators
// look up. Each call is one the manifest grants (UserPoolCall), signed with the function's credentials.
import { cognitoCall, CognitoError } from './cognitoApi';
import { requiredEnv } from './env';
import type { UserPoolCall } from './deployment';

interface Attribute {
  Name: string;
  Value?: string;
}

interface UserType {
  Username?: string;
  Attributes?: Attribute[];
  UserAttributes?: Attribute[];
  UserStatus?: string;
  /** Seconds since the epoch, as the API's JSON says it. */
  UserCreateDate?: number;
  /** The second factors turned on (AdminGetUser only): SOFTWARE_TOKEN_MFA is an authenticator app's code. */
  UserMFASettingList?: string[];
}

export interface PoolUser {
  username: string;
  sub: string;
  email: string;
  /** The address was proven with a code Cognito sent to it. */
  verified: boolean;
  /** The account finished its sign-up (UserStatus CONFIRMED). */
  confirmed: boolean;
  createdAt: string;
}

// The pool's id is read at the call: every function an API caller reaches loads this module (adminStanding.ts).
const call = <T>(operation: UserPoolCall, input: Record<string, unknown>) =>
  cognitoCall<T>(operation, { UserPoolId: requiredEnv('USER_POOL_ID'), ...input }, true);
const isUserNotFound = (error: unknown) => error instanceof CognitoError && error.type === 'UserNotFoundException';

function poolUser(user: UserType): PoolUser {
  const attributes = user.Attributes ?? user.UserAttributes ?? [];
  const attribute = (name: string) => attributes.find((candidate) => candidate.Name === name)?.Value ?? '';
  return {
    username: user.Username ?? '',
    sub: attribute('sub'),
    email: attribute('email'),
    verified: attribute('email_verified') === 'true',
    confirmed: user.UserStatus === 'CONFIRMED',
    createdAt: new Date((user.UserCreateDate ?? 0) * 1000).toISOString(),
  };
}

/** A user as AdminGetUser tells it: with whether their second factor is on. */
export interface PoolUserDetails extends PoolUser {
  /** An authenticator app's code is asked at sign-in (TOTP on). */
  secondFactor: boolean;
}

/** The user with this username or e-mail (the pool finds it whatever the case), or undefined. */
async function userDetails(username: string): Promise<PoolUserDetails | undefined> {
  try {
    const user = await call<UserType>('AdminGetUser', { Username: username });
    return { ...poolUser(user), secondFactor: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') };
  } catch (error) {
    if (isUserNotFound(error)) return undefined;
    throw error;
  }
}

/** The user with this e-mail (the pool finds it whatever the case), or undefined. */
export const userByEmail = (email: string) => userDetails(email);

/** Whether the user's sign-in asks for an authenticator app's code now (false for a user that no longer exists). */
export async function secondFactorOn(username: string): Promise<boolean> {
  return (await userDetails(username))?.secondFactor ?? false;
}

export async function groupMembers(group: string): Promise<PoolUser[]> {
  const members: PoolUser[] = [];
  let NextToken: string | undefined;
  do {
    const page = await call<{ Users?: UserType[]; NextToken?: string }>('ListUsersInGroup', {
      GroupName: group,
      NextToken,
    });
    members.push(...(page.Users ?? []).map(poolUser));
    NextToken = page.NextToken;
  } while (NextToken);
  return members.sort((a, b) => a.email.localeCompare(b.email));
}

/** The groups the user is in now (none for a user that no longer exists). */
export async function groupsOf(username: string): Promise<string[]> {
  const groups: string[] = [];
  let NextToken: string | undefined;
  try {
    do {
      const page = await call<{ Groups?: Array<{ GroupName?: string }>; NextToken?: string }>(
        'AdminListGroupsForUser',
        { Username: username, NextToken },
      );
      groups.push(...(page.Groups ?? []).flatMap((group) => (group.GroupName ? [group.GroupName] : [])));
      NextToken = page.NextToken;
    } while (NextToken);
  } catch (error) {
    if (isUserNotFound(error)) return [];
    throw error;
  }
  return groups;
}

export async function addToGroup(username: string, group: string): Promise<void> {
  await call('AdminAddUserToGroup', { Username: username, GroupName: group });
}

export async function removeFromGroup(username: string, group: string): Promise<void> {
  await call('AdminRemoveUserFromGroup', { Username: username, GroupName: group });
}

/** Ends every session of the user: its refresh tokens stop working (and, in AWS, its tokens for Cognito's own calls). */
export async function signOutEverywhere(username: string): Promise<void> {
  await call('AdminUserGlobalSignOut', { Username: username });
}
