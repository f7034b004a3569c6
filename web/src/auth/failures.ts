// What a refused sign-in, account creation or code means for the person at the form, by the identity
// provider's error code: what went wrong and what to do. The toast keeps the code itself.
import { PASSWORD_HINT, passwordProblem } from '@contract/passwordPolicy';

/** What the login form is for: signing in, or creating an account. */
export type LoginMode = 'signIn' | 'create';

export interface LoginFailure {
  /** The provider's code, e.g. NotAuthorizedException. */
  code: string;
  /** In plain words: what went wrong and what to do. */
  text: string;
  /** The fields it is about: changing one of them takes the message away. */
  fields: ReadonlyArray<'email' | 'password' | 'code'>;
  /** The address is taken: offer to sign in with it or to reset its password. */
  accountExists?: boolean;
}

const TOO_MANY = 'Too many attempts in a short time. Wait a few minutes, then try again.';
const UNREACHABLE = 'The sign-in service could not be reached. Check your connection, then try again.';
export const SECOND_FACTOR_TOO_LATE = 'Too long since the password was checked: sign in again.';

/** Why the provider refused, from its code (and its own message where one code means two things). */
export function explainFailure(
  mode: LoginMode | 'code' | 'secondFactor',
  code: string,
  providerMessage: string,
  password: string,
): LoginFailure {
  const failure = (
    text: string,
    fields: LoginFailure['fields'] = mode === 'code' || mode === 'secondFactor' ? ['code'] : ['email', 'password'],
  ) => ({
    code,
    text,
    fields,
  });
  if (['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException'].includes(code))
    return failure(TOO_MANY);
  if (code === 'NetworkError') return failure(UNREACHABLE);
  if (mode === 'secondFactor') {
    if (code === 'CodeMismatchException')
      return failure('This code is not right. Type the 6 digits your authenticator app shows now.', ['code']);
    // Cognito keeps the sign-in's session 3 minutes after the password.
    if (code === 'NotAuthorizedException' || code === 'ExpiredCodeException')
      return failure(SECOND_FACTOR_TOO_LATE, ['email', 'password']);
  } else if (mode === 'code') {
    if (code === 'CodeMismatchException')
      return failure('This code is not right. Type the 6 digits of the newest e-mail, or send a new code.', ['code']);
    if (code === 'ExpiredCodeException')
      return failure('This code has expired. Send a new code, then type the one in the newest e-mail.', ['code']);
  } else if (mode === 'signIn') {
    if (/attempts exceeded/i.test(providerMessage))
      return failure('Too many wrong passwords for this account. Wait a few minutes, or reset the password below.');
    // The local user pool answers a wrong password with InvalidPasswordException, Cognito with NotAuthorizedException.
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(code))
      return failure(
        'The e-mail or the password is not right. Check both and try again; if you forgot the password, send yourself a reset e-mail below.',
      );
    if (code === 'PasswordResetRequiredException')
      return failure('This account needs a new password: send yourself a reset e-mail below.', ['password']);
  } else {
    if (code === 'UsernameExistsException')
      return {
        ...failure('An account with this e-mail already exists. Sign in with it, or reset its password.', ['email']),
        accountExists: true,
      };
    if (code === 'InvalidPasswordException')
      return failure(`This password is too weak. ${tooWeak(password)}`, ['password']);
    if (code === 'InvalidParameterException')
      return failure('The e-mail address was not accepted. Check it and try again.', ['email']);
  }
  return failure(
    `Something went wrong (${code}). Try again in a moment; if it keeps happening, write to the help address at the bottom of the page.`,
  );
}

/** Which rule the provider's policy found broken; its rules when the form's own copy of them found none. */
function tooWeak(password: string): string {
  const problem = passwordProblem(password);
  return problem ? `${problem}.` : `The rules: ${PASSWORD_HINT.charAt(0).toLowerCase()}${PASSWORD_HINT.slice(1)}`;
}
