// What a refused sign-in, account creation or code means for the person at the form, by the identity
// provider's error code: what went wrong and what to do. The toast keeps the code itself.
import { passwordProblemText } from '../i18n/passwordProblem';
import { i18n } from '../i18n/signIn';
import { passwordHint } from './passwordHint';

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
  /** The second factor came too late: the sign-in's session ran out, so the password is asked again. */
  tooLate?: boolean;
}

/** Why the provider refused, from its code (and its own message where one code means two things). */
export function explainFailure(
  mode: LoginMode | 'code' | 'secondFactor',
  code: string,
  providerMessage: string,
  password: string,
): LoginFailure {
  const t = i18n._.bind(i18n);
  const failure = (
    text: string,
    fields: LoginFailure['fields'] = mode === 'code' || mode === 'secondFactor' ? ['code'] : ['email', 'password'],
  ) => ({
    code,
    text,
    fields,
  });
  if (['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException'].includes(code))
    return failure(t('auth.failure.tooMany'));
  if (code === 'NetworkError') return failure(t('auth.failure.unreachable'));
  if (mode === 'secondFactor') {
    if (code === 'CodeMismatchException') return failure(t('auth.failure.secondFactorMismatch'), ['code']);
    // Cognito keeps the sign-in's session 3 minutes after the password.
    if (code === 'NotAuthorizedException' || code === 'ExpiredCodeException')
      return { ...failure(t('auth.failure.secondFactorTooLate'), ['email', 'password']), tooLate: true };
  } else if (mode === 'code') {
    if (code === 'CodeMismatchException') return failure(t('auth.failure.codeMismatch'), ['code']);
    if (code === 'ExpiredCodeException') return failure(t('auth.failure.codeExpired'), ['code']);
  } else if (mode === 'signIn') {
    if (/attempts exceeded/i.test(providerMessage)) return failure(t('auth.failure.wrongPasswords'));
    // The local user pool answers a wrong password with InvalidPasswordException, Cognito with NotAuthorizedException.
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(code))
      return failure(t('auth.failure.wrongSignIn'));
    if (code === 'PasswordResetRequiredException') return failure(t('auth.failure.resetRequired'), ['password']);
  } else {
    if (code === 'UsernameExistsException')
      return {
        ...failure(t('auth.failure.accountExists'), ['email']),
        accountExists: true,
      };
    if (code === 'InvalidPasswordException')
      return failure(t('auth.failure.tooWeak', { problem: tooWeak(password) }), ['password']);
    if (code === 'InvalidParameterException') return failure(t('auth.failure.emailRefused'), ['email']);
  }
  return failure(t('auth.failure.unknown', { code }));
}

/** Which rule the provider's policy found broken; its rules when the form's own copy of them found none. */
function tooWeak(password: string): string {
  const problem = passwordProblemText(password);
  if (problem) return `${problem}.`;
  const hint = passwordHint();
  return i18n._('auth.failure.rules', { rules: `${hint.charAt(0).toLowerCase()}${hint.slice(1)}` });
}
