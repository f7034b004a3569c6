// The caller's own account in the user pool, through the calls Cognito authorizes with the user's access
// token (GetUser, DeleteUser): no IAM right and no admin API is needed to read one's e-mail or to delete
// oneself.
import { cognitoCall, CognitoError } from '../platform/cognitoApi';
import { failedPrecondition } from '../contract/errors';

/** The e-mail of the account the token belongs to. */
export async function ownEmail(accessToken: string): Promise<string | undefined> {
  const user = await cognitoCall<{ UserAttributes?: Array<{ Name: string; Value: string }> }>(
    'GetUser',
    { AccessToken: accessToken },
    false,
  );
  return user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
}

/** The caller's own e-mail, as the user pool has it (none without a token). */
export async function callerEmail(caller: { accessToken?: string }): Promise<string | undefined> {
  return caller.accessToken ? ownEmail(caller.accessToken) : undefined;
}

/** How a record names the caller as the one who did something: their e-mail, or the account's id without one. */
export async function callerLabel(caller: { sub: string; accessToken?: string }): Promise<string> {
  return (await callerEmail(caller)) || caller.sub;
}

/** The caller's own e-mail, which an invitation is sent from or to: refused when the account has none on file. */
export async function callerAddress(caller: { accessToken?: string }): Promise<string> {
  const email = await callerEmail(caller);
  if (!email) throw failedPrecondition('Your account has no e-mail address on file: sign in again and retry.');
  return email;
}

/**
 * Notes the account's language in the user pool too (Cognito's standard `locale`), which its own e-mails read
 * (the codes of a password reset: mail/handlers/customMessage.ts).
 */
export async function setOwnLocale(accessToken: string, locale: string): Promise<void> {
  await cognitoCall(
    'UpdateUserAttributes',
    { AccessToken: accessToken, UserAttributes: [{ Name: 'locale', Value: locale }] },
    false,
  );
}

/** Deletes the account the token belongs to; one already gone is fine (a retried call). */
export async function deleteOwnAccount(accessToken: string): Promise<void> {
  try {
    await cognitoCall('DeleteUser', { AccessToken: accessToken }, false);
  } catch (error) {
    if (!(error instanceof CognitoError && ['UserNotFoundException', 'NotAuthorizedException'].includes(error.type)))
      throw error;
  }
}
