// The local user pool, made once per data dir like the stack's: e-mail as username, a second factor anyone may
// turn on (an authenticator app's code), the web app client (USER_PASSWORD_AUTH allowed, no secret, the stack's
// token lifetimes), the `admin` group and the documented admin account with its second factor.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  UserNotFoundException,
  VerifySoftwareTokenCommand,
  type CreateUserPoolClientCommandInput,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_GROUP } from '../../lambdas/contract/manifest';
import { PASSWORD_POLICY } from '../../lambdas/contract/passwordPolicy';
import { TOKEN_VALIDITY } from '../tokenValidity';
import { currentCode } from './secondFactor';
import type { LocalCredentials } from './signature';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/** A client for the local pool's admin calls, signed with the local stack's credentials. */
export function cognitoAdminClient(endpoint: string, credentials: LocalCredentials): CognitoIdentityProviderClient {
  // A copy: the SDK notes on the object it is given where the credentials came from.
  return new CognitoIdentityProviderClient({ endpoint, region: 'local', credentials: { ...credentials } });
}

/** What the stack's pool says too: a sign-up is confirmed with a code sent to the e-mail, a changed address too, the password rule. */
const poolSettings = {
  AutoVerifiedAttributes: ['email'],
  // Anyone may turn on a second factor; administrators must (lambdas/platform/adminStanding.ts).
  MfaConfiguration: 'OPTIONAL',
  // A new address replaces the proven one only once its own code is entered.
  UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
  Policies: {
    PasswordPolicy: {
      MinimumLength: PASSWORD_POLICY.minLength,
      RequireLowercase: PASSWORD_POLICY.requireLowercase,
      RequireUppercase: PASSWORD_POLICY.requireUppercase,
      RequireNumbers: PASSWORD_POLICY.requireDigits,
      RequireSymbols: PASSWORD_POLICY.requireSymbols,
    },
  },
} satisfies Partial<CreateUserPoolCommandInput>;

/**
 * What the stack's app client says too: the flows, and how long its tokens live. `accessTokenSeconds` shortens the
 * access and ID tokens' life (the same in TOKEN_VALIDITY), to see a session outlive them without waiting.
 */
function clientSettings(accessTokenSeconds?: number) {
  return {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    PreventUserExistenceErrors: 'ENABLED',
    AccessTokenValidity: accessTokenSeconds ?? TOKEN_VALIDITY.accessTokenMinutes,
    IdTokenValidity: accessTokenSeconds ?? TOKEN_VALIDITY.idTokenMinutes,
    RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
    TokenValidityUnits: {
      AccessToken: accessTokenSeconds ? 'seconds' : 'minutes',
      IdToken: accessTokenSeconds ? 'seconds' : 'minutes',
      RefreshToken: 'days',
    },
  } satisfies Partial<CreateUserPoolClientCommandInput>;
}

/** The second factor the stack's pool offers: an authenticator app's code (TOTP), no text messages. */
async function allowAuthenticatorApps(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

/**
 * The pool recorded in the data dir (it and its client brought to today's settings), or a new one when there is
 * none yet.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  dataDir: string,
  accessTokenSeconds?: number,
): Promise<UserPoolIds> {
  const stateFile = join(dataDir, 'user-pool.json');
  if (existsSync(stateFile)) {
    const ids = JSON.parse(readFileSync(stateFile, 'utf8')) as UserPoolIds;
    const exists = await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })).then(
      () => true,
      () => false,
    );
    if (exists) {
      await client.send(new UpdateUserPoolCommand({ UserPoolId: ids.userPoolId, ...poolSettings }));
      await allowAuthenticatorApps(client, ids.userPoolId);
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: ids.userPoolId,
          ClientId: ids.userPoolClientId,
          ...clientSettings(accessTokenSeconds),
        }),
      );
      return ids;
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({ PoolName: 'registration-portal', UsernameAttributes: ['email'], ...poolSettings }),
  );
  const userPoolId = UserPool!.Id!;
  await allowAuthenticatorApps(client, userPoolId);
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      GenerateSecret: false,
      ...clientSettings(accessTokenSeconds),
    }),
  );
  await client.send(
    new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Programme administrators' }),
  );
  const ids = { userPoolId, userPoolClientId: UserPoolClient!.ClientId! };
  writeFileSync(stateFile, `${JSON.stringify(ids, null, 2)}\n`);
  return ids;
}

/**
 * Makes sure the admin account exists, has the configured password, is in group `admin` and has its second
 * factor on; answers its key (kept in the data dir, so an authenticator app set up with it keeps working).
 */
export async function ensureAdmin(
  client: CognitoIdentityProviderClient,
  pool: UserPoolIds,
  dataDir: string,
  email: string,
  password: string,
): Promise<string> {
  const { userPoolId } = pool;
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }),
  );
  return ensureSecondFactor(client, pool, join(dataDir, 'admin-second-factor.json'), email, password);
}

/**
 * The account's second factor on with the key kept in `keyFile`: checked by signing in with a code from it,
 * set up anew (as a person does in Manage Account) when there is none or the account's is another.
 */
async function ensureSecondFactor(
  client: CognitoIdentityProviderClient,
  { userPoolId, userPoolClientId }: UserPoolIds,
  keyFile: string,
  email: string,
  password: string,
): Promise<string> {
  const kept = existsSync(keyFile) ? (JSON.parse(readFileSync(keyFile, 'utf8')) as { secret: string }).secret : '';
  const signIn = () =>
    client.send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const first = await signIn();
  if (first.ChallengeName === 'SOFTWARE_TOKEN_MFA' && kept) {
    const answered = await client
      .send(
        new RespondToAuthChallengeCommand({
          ClientId: userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: first.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: currentCode(kept) },
        }),
      )
      .then(
        () => true,
        () => false,
      );
    if (answered) return kept;
  }
  // Another key, or none yet: off, then set up as in Manage Account.
  await client.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId,
      Username: email,
      SoftwareTokenMfaSettings: { Enabled: false },
    }),
  );
  const AccessToken = (await signIn()).AuthenticationResult!.AccessToken!;
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  const secret = SecretCode!;
  await client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: currentCode(secret) }));
  await client.send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  writeFileSync(keyFile, `${JSON.stringify({ email, secret }, null, 2)}\n`);
  return secret;
}
