// Where cognito-local differs from Cognito in ways the portal relies on, made to behave as Cognito does:
//   - usernames are case-insensitive (the stack's pool sets signInCaseSensitive: false): one account per
//     address, whatever its case, found by any case of it;
//   - ConfirmSignUp marks the e-mail verified (the code was sent to it);
//   - ResendConfirmationCode, GlobalSignOut, AdminUserGlobalSignOut, AdminSetUserMFAPreference and
//     GetTokensFromRefreshToken (the call Amplify refreshes its tokens with), which cognito-local lacks. Its second factor (an
//     authenticator app's code: AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference and the
//     SOFTWARE_TOKEN_MFA challenge) is its own, but a wrong code at set-up is refused as Cognito refuses it
//     (EnableSoftwareTokenMFAException, not CodeMismatchException), and the refresh token a sign-in with a
//     code gets is kept, as a sign-in with the password alone's is (cognito-local forgets it: no refresh).
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import type { Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
import {
  attributeValue,
  UserPoolServiceFactoryImpl,
  type User,
  type UserPoolService,
} from 'cognito-local/lib/services/userPoolService';

/** Pools whose users are found by their username or e-mail in any case, as a case-insensitive Cognito pool. */
export class CaseInsensitiveUserPoolServiceFactory extends UserPoolServiceFactoryImpl {
  override async create(...args: Parameters<UserPoolServiceFactoryImpl['create']>): Promise<UserPoolService> {
    const pool = await super.create(...args);
    const exactly = pool.getUserByUsername.bind(pool);
    pool.getUserByUsername = async (ctx: Context, username: string) => {
      const user = await exactly(ctx, username);
      if (user) return user;
      const wanted = username.toLowerCase();
      return (
        (await pool.listUsers(ctx)).find(
          (user) =>
            user.Username.toLowerCase() === wanted ||
            attributeValue('email', user.Attributes)?.toLowerCase() === wanted,
        ) ?? null
      );
    };
    return pool;
  }
}

type Route = ReturnType<Router>;

/** ConfirmSignUp as cognito-local does it, then the e-mail marked verified: the code proved it. */
function confirmSignUp(services: Services, confirm: Route): Route {
  return async (ctx, req: { ClientId: string; Username: string }) => {
    const result = await confirm(ctx, req);
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (user)
      await pool.saveUser(ctx, {
        ...user,
        Attributes: [
          ...user.Attributes.filter((a) => a.Name !== 'email_verified'),
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    return result;
  };
}

/** A new sign-up code for an account that has not confirmed yet, sent as the first was. */
function resendConfirmationCode(services: Services): Route {
  return async (ctx, req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> }) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new NotAuthorizedError();
    const delivery = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!delivery) throw new NotAuthorizedError();
    const code = services.otp();
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    await services.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      req.ClientMetadata,
      delivery,
    );
    return { CodeDeliveryDetails: delivery };
  };
}

/** Ends every session of the user: its refresh tokens are forgotten, as the RevokeToken target forgets one. */
function adminUserGlobalSignOut(services: Services): Route {
  return async (ctx, req: { UserPoolId: string; Username: string }) => {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user: User | null = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
}

/** VerifySoftwareToken as cognito-local does it, a wrong code refused with Cognito's own error. */
function verifySoftwareToken(verify: Route): Route {
  return async (ctx, req) => {
    try {
      return await verify(ctx, req);
    } catch (error) {
      if (error instanceof CodeMismatchError)
        throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
      throw error;
    }
  };
}

/** RespondToAuthChallenge as cognito-local does it, the refresh token it issues kept so that it refreshes. */
function respondToAuthChallenge(services: Services, respond: Route): Route {
  return async (ctx, req: { ClientId: string; ChallengeResponses?: { USERNAME?: string } }) => {
    const result = (await respond(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
    const refreshToken = result.AuthenticationResult?.RefreshToken;
    if (refreshToken) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '');
      if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    }
    return result;
  };
}

/** Ends every session of the access token's user, as the user asks for it (Amplify's `signOut({ global: true })`). */
function globalSignOut(services: Services): Route {
  return async (ctx, req: { AccessToken?: string }) => {
    const claims = claimsOf(req.AccessToken ?? '') as Claims & { client_id?: string; sub?: string };
    if (!claims.client_id || !claims.sub) throw new NotAuthorizedError('Invalid Access Token');
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user: User | null = await pool.getUserByUsername(ctx, claims.sub);
    if (!user) throw new NotAuthorizedError('Invalid Access Token');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
}

interface MfaSettings {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

/**
 * The user's second factor turned on or off by an administrator, as SetUserMFAPreference does it for the user:
 * the portal's engineers turn it off for someone who lost the phone it was on.
 */
function adminSetUserMfaPreference(services: Services): Route {
  return async (ctx, req: { UserPoolId: string; Username: string; SoftwareTokenMfaSettings?: MfaSettings }) => {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user: User | null = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
      throw new InvalidParameterError('User has not verified software token MFA');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
    await pool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting:
        software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined,
    });
    return {};
  };
}

type Claims = { exp?: number; iat?: number };

/** The claims of a token the pool issued (its signature is the pool's own; what it says is all that is read). */
function claimsOf(token: string): Claims {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;
  } catch {
    return {};
  }
}

/**
 * New ID and access tokens for a refresh token, as Cognito gives them to an app client without refresh token
 * rotation (no new refresh token): cognito-local's REFRESH_TOKEN_AUTH flow, after the refusals Cognito makes and
 * it does not (an expired refresh token, a disabled user), with how long the access token lives.
 */
function getTokensFromRefreshToken(services: Services, initiateAuth: Route): Route {
  return async (
    ctx,
    req: { ClientId?: string; ClientSecret?: string; RefreshToken?: string; ClientMetadata?: Record<string, string> },
  ) => {
    if (!req.ClientId || !req.RefreshToken) throw new InvalidParameterError('ClientId and RefreshToken are required.');
    const client = await services.cognito.getAppClient(ctx, req.ClientId);
    if (client?.ClientSecret && req.ClientSecret !== client.ClientSecret)
      throw new NotAuthorizedError(`Client ${req.ClientId} needs its client secret.`);
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    // The pool keeps the refresh tokens it issued until a sign-out forgets them (RevokeToken, global sign-out).
    const user = await pool.getUserByRefreshToken(ctx, req.RefreshToken);
    if (!user) throw new NotAuthorizedError('Invalid Refresh Token');
    const expiresAt = claimsOf(req.RefreshToken).exp ?? 0;
    if (expiresAt * 1000 <= services.clock.get().getTime()) throw new NotAuthorizedError('Refresh Token has expired');
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
    const { AuthenticationResult } = (await initiateAuth(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      ClientMetadata: req.ClientMetadata,
    })) as { AuthenticationResult: { AccessToken: string; IdToken: string } };
    const access = claimsOf(AuthenticationResult.AccessToken);
    return {
      AuthenticationResult: {
        AccessToken: AuthenticationResult.AccessToken,
        IdToken: AuthenticationResult.IdToken,
        ExpiresIn: (access.exp ?? 0) - (access.iat ?? 0),
        TokenType: 'Bearer',
      },
    };
  };
}

/** cognito-local's router with the portal's targets in place of (or besides) its own. */
export function portalRouter(services: Services, router: Router): Router {
  const added: Record<string, Route> = {
    ConfirmSignUp: confirmSignUp(services, router('ConfirmSignUp')),
    ResendConfirmationCode: resendConfirmationCode(services),
    GlobalSignOut: globalSignOut(services),
    VerifySoftwareToken: verifySoftwareToken(router('VerifySoftwareToken')),
    RespondToAuthChallenge: respondToAuthChallenge(services, router('RespondToAuthChallenge')),
    AdminUserGlobalSignOut: adminUserGlobalSignOut(services),
    AdminSetUserMFAPreference: adminSetUserMfaPreference(services),
    GetTokensFromRefreshToken: getTokensFromRefreshToken(services, router('InitiateAuth')),
  };
  return (target) => added[target] ?? router(target);
}
