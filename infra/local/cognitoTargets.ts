// Where cognito-local differs from Cognito in ways the portal relies on, made to behave as Cognito does:
//   - usernames are case-insensitive (the stack's pool sets signInCaseSensitive: false): one account per
//     address, whatever its case, found by any case of it;
//   - ConfirmSignUp marks the e-mail verified (the code was sent to it);
//   - ResendConfirmationCode and AdminUserGlobalSignOut, which cognito-local lacks.
import { NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
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

/** cognito-local's router with the portal's targets in place of (or besides) its own. */
export function portalRouter(services: Services, router: Router): Router {
  const added: Record<string, Route> = {
    ConfirmSignUp: confirmSignUp(services, router('ConfirmSignUp')),
    ResendConfirmationCode: resendConfirmationCode(services),
    AdminUserGlobalSignOut: adminUserGlobalSignOut(services),
  };
  return (target) => added[target] ?? router(target);
}
