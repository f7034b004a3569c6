// The user pool's accounts and groups, exported to a file and restored from it: Cognito keeps no backup of
// its own. Passwords never leave Cognito, so a restored account signs in again through "Forgot your
// password?" (its address stays verified). Cognito gives a restored account a new `sub`, and the table keys a
// family's records by it: the restore moves each family's records to the new one (every item that names the
// old sub, keys included), so a family finds its children and enrollments again.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  type CognitoIdentityProviderClient,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { type DynamoDBDocumentClient, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';

export interface PoolBackup {
  format: 'registration-portal-users/1';
  exportedAt: string;
  userPoolId: string;
  groups: Array<{ name: string; description?: string; precedence?: number }>;
  users: Array<{
    email: string;
    emailVerified: boolean;
    sub: string;
    status: string;
    enabled: boolean;
    createdAt?: string;
    groups: string[];
    /** The account's language (`es`), which the user pool's e-mailed codes are written in; none: English. */
    locale?: string;
  }>;
}

const attribute = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((candidate) => candidate.Name === name)?.Value;

/** Every account of the pool with its groups, and the groups. */
export async function exportUsers(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<PoolBackup> {
  const groups: PoolBackup['groups'] = [];
  let groupsToken: string | undefined;
  do {
    const page = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, NextToken: groupsToken }));
    for (const group of page.Groups ?? [])
      groups.push({
        name: group.GroupName!,
        ...(group.Description && { description: group.Description }),
        ...(group.Precedence !== undefined && { precedence: group.Precedence }),
      });
    groupsToken = page.NextToken;
  } while (groupsToken);

  const membership = new Map<string, string[]>();
  for (const group of groups) {
    let token: string | undefined;
    do {
      const page = await cognito.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group.name, NextToken: token }),
      );
      for (const user of page.Users ?? [])
        membership.set(user.Username!, [...(membership.get(user.Username!) ?? []), group.name]);
      token = page.NextToken;
    } while (token);
  }

  const users: PoolBackup['users'] = [];
  let usersToken: string | undefined;
  do {
    const page = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: usersToken }));
    for (const user of page.Users ?? []) {
      const email = attribute(user.Attributes, 'email');
      if (!email) continue;
      const locale = attribute(user.Attributes, 'locale');
      users.push({
        email,
        emailVerified: attribute(user.Attributes, 'email_verified') === 'true',
        sub: attribute(user.Attributes, 'sub') ?? user.Username!,
        status: user.UserStatus ?? 'UNKNOWN',
        enabled: user.Enabled !== false,
        ...(user.UserCreateDate && { createdAt: new Date(user.UserCreateDate).toISOString() }),
        groups: membership.get(user.Username!) ?? [],
        ...(locale && { locale }),
      });
    }
    usersToken = page.PaginationToken;
  } while (usersToken);
  return { format: 'registration-portal-users/1', exportedAt: new Date().toISOString(), userPoolId, groups, users };
}

export function readBackup(text: string): PoolBackup {
  const backup = JSON.parse(text) as Partial<PoolBackup>;
  if (backup.format !== 'registration-portal-users/1' || !Array.isArray(backup.users) || !Array.isArray(backup.groups))
    throw new Error('This is not an export of the portal\'s user pool (made by "npm run users -- export").');
  return backup as PoolBackup;
}

export interface RestoreOutcome {
  /** Accounts made again, by e-mail. */
  created: string[];
  /** Accounts that were there already (their groups restored). */
  present: string[];
  /** Accounts not restored: never confirmed, so they never enrolled (they sign up again). */
  skipped: string[];
  groupsCreated: string[];
  /** Old sub → new sub of each account made again. */
  subs: Map<string, string>;
}

/**
 * Makes the groups and the confirmed accounts of the backup that the pool lacks (all of them, or those of
 * `only`), each with its verified address, a random password nobody knows, its groups, and disabled if it
 * was. An account that exists keeps its password and gets its groups back.
 */
export async function restoreUsers(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  backup: PoolBackup,
  only?: string[],
): Promise<RestoreOutcome> {
  const wanted = only?.map((email) => email.toLowerCase());
  const users = backup.users.filter((user) => !wanted || wanted.includes(user.email.toLowerCase()));
  const missing = wanted?.filter((email) => !users.some((user) => user.email.toLowerCase() === email));
  if (missing?.length) throw new Error(`Not in the export: ${missing.join(', ')}.`);
  const outcome: RestoreOutcome = { created: [], present: [], skipped: [], groupsCreated: [], subs: new Map() };

  const existing = new Set<string>();
  let token: string | undefined;
  do {
    const page = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, NextToken: token }));
    for (const group of page.Groups ?? []) existing.add(group.GroupName!);
    token = page.NextToken;
  } while (token);
  const needed = new Set(users.flatMap((user) => user.groups));
  for (const group of backup.groups.filter(
    (candidate) => needed.has(candidate.name) && !existing.has(candidate.name),
  )) {
    await cognito.send(
      new CreateGroupCommand({
        UserPoolId: userPoolId,
        GroupName: group.name,
        Description: group.description,
        Precedence: group.precedence,
      }),
    );
    outcome.groupsCreated.push(group.name);
  }

  for (const user of users) {
    if (user.status !== 'CONFIRMED' && user.status !== 'EXTERNAL_PROVIDER') {
      outcome.skipped.push(user.email);
      continue;
    }
    const found = await subOf(cognito, userPoolId, user.email);
    if (found) outcome.present.push(user.email);
    else {
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: user.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: user.email },
            { Name: 'email_verified', Value: String(user.emailVerified) },
            ...(user.locale ? [{ Name: 'locale', Value: user.locale }] : []),
          ],
        }),
      );
      // Confirmed with a password nobody knows: the family sets its own through "Forgot your password?".
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: user.email,
          Password: `${randomBytes(24).toString('base64url')}aA1!`,
          Permanent: true,
        }),
      );
      if (!user.enabled)
        await cognito.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: user.email }));
      outcome.created.push(user.email);
    }
    const sub = found ?? (await subOf(cognito, userPoolId, user.email))!;
    if (sub !== user.sub) outcome.subs.set(user.sub, sub);
    for (const group of user.groups)
      await cognito.send(
        new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: group }),
      );
  }
  return outcome;
}

const setsAsLists = (_: string, value: unknown) => (value instanceof Set ? [...value] : value);

async function subOf(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string) {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return attribute(user.UserAttributes, 'sub') ?? user.Username;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Moves the records of each restored family from its old sub to its new one: every item that names an old
 * sub is written again with the new one (a changed key is a new item, the old one removed in the same
 * transaction). Subs are random UUIDs, so naming one is being that family's. Run it with the portal quiet.
 */
export async function moveFamilies(
  dynamo: DynamoDBDocumentClient,
  tableName: string,
  subs: ReadonlyMap<string, string>,
): Promise<number> {
  if (subs.size === 0) return 0;
  const pattern = new RegExp([...subs.keys()].map((sub) => sub.replace(/[^\w-]/g, '')).join('|'), 'g');
  // Strings anywhere in the item (keys, attributes, lists, maps, string sets) with each old sub replaced.
  const renamed = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(pattern, (sub) => subs.get(sub)!);
    if (Array.isArray(value)) return value.map(renamed);
    if (value instanceof Set) return new Set([...value].map(renamed));
    if (value && typeof value === 'object' && value.constructor === Object)
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [renamed(name), renamed(inner)]));
    return value;
  };
  let moved = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey, ConsistentRead: true }));
    for (const item of page.Items ?? []) {
      const after = renamed(item) as Record<string, unknown>;
      if (JSON.stringify(after, setsAsLists) === JSON.stringify(item, setsAsLists)) continue;
      const sameKey = after.PK === item.PK && after.SK === item.SK;
      await dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: after,
                ...(!sameKey && { ConditionExpression: 'attribute_not_exists(PK)' }),
              },
            },
            ...(sameKey ? [] : [{ Delete: { TableName: tableName, Key: { PK: item.PK, SK: item.SK } } }]),
          ],
        }),
      );
      moved += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return moved;
}
