// Sign-in, account creation, password reset and sign-out, through Amplify against the user pool.
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
// Importing Amplify's configuration first: these calls need it, and it loads with the screens that use them.
import { AUTH_FLOW } from '../api/amplify';
import { errorCode } from '../api/providerError';
import { keepOnAccount } from '../api/accountLanguage';
import { callFunction } from '../api/client';
import { i18n, showLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/languages';

/** A sign-in the user pool did not finish (a challenge the portal does not offer); named by its step. */
class SignInNotFinished extends Error {
  constructor(step: string) {
    super(`The sign-in stopped at step ${step}.`);
    this.name = step;
  }
}

/** The password was right and the account's second factor is on: the code its authenticator app shows is asked. */
export class SecondFactorNeeded extends Error {
  constructor() {
    super('The account signs in with a code from its authenticator app as well.');
    this.name = 'SecondFactorNeeded';
  }
}

/**
 * At sign-in: the account's language, when it has one, is activated and remembered in this browser; an account
 * with none yet (just made) keeps the one shown now. Quiet: a failure is only logged.
 */
export async function followAccountLanguage(): Promise<void> {
  try {
    const kept = (await callFunction('myMailStatus')).language;
    if (kept) await showLanguage(kept);
    else await keepOnAccount(i18n.locale as Language);
  } catch (error) {
    console.warn("The account's language could not be read.", error);
  }
}

/** Signed in: the account's language follows, without holding up the sign-in. */
function signedIn(): void {
  void followAccountLanguage();
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { nextStep } = await signIn({ username: email, password, options: { authFlowType: AUTH_FLOW } });
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') throw new SecondFactorNeeded();
  if (nextStep.signInStep !== 'DONE') throw new SignInNotFinished(nextStep.signInStep);
  signedIn();
}

/** Finishes the sign-in SecondFactorNeeded began, with the code the authenticator app shows now. */
export async function signInWithCode(code: string): Promise<void> {
  const { nextStep } = await confirmSignIn({ challengeResponse: code });
  if (nextStep.signInStep !== 'DONE') throw new SignInNotFinished(nextStep.signInStep);
  signedIn();
}

/** The account exists but has not proven its address yet: the code e-mailed to it must be entered. */
export class ConfirmationNeeded extends Error {
  constructor() {
    super('The account must confirm its e-mail address with the code sent to it.');
    this.name = 'ConfirmationNeeded';
  }
}

/** Signs in; an account that has not confirmed its address gets a new code and ConfirmationNeeded. */
export async function signInOrConfirm(email: string, password: string): Promise<void> {
  try {
    await signInWithEmail(email, password);
  } catch (error) {
    if (errorCode(error) !== 'UserNotConfirmedException') throw error;
    await sendNewCode(email);
    throw new ConfirmationNeeded();
  }
}

/**
 * Creates the account in the language shown now (Cognito's `locale`): the user pool e-mails a code that proves the
 * address (ConfirmationNeeded), in that language.
 */
export async function createAccountWithEmail(email: string, password: string): Promise<void> {
  const { nextStep } = await signUp({
    username: email,
    password,
    options: { userAttributes: { email, locale: i18n.locale } },
  });
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') throw new ConfirmationNeeded();
  await signInWithEmail(email, password);
}

/** Confirms the address with the e-mailed code, then signs in. */
export async function confirmAccount(email: string, password: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
  await signInWithEmail(email, password);
}

export async function sendNewCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

/** Sends the e-mail whose link opens /user/reset with the code filled in. */
export async function sendPasswordResetEmail(email: string): Promise<void> {
  await resetPassword({ username: email });
}

/** Sets the new password with the code from the reset e-mail. */
export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export async function signOutOfUserPool(): Promise<void> {
  await signOut();
}

/** Signs in with the new password; whoever else was signed in on this browser is signed out first. */
export async function signInAfterReset(email: string, newPassword: string): Promise<void> {
  await signOutOfUserPool();
  await signInWithEmail(email, newPassword);
}

// The screens of this area read the provider's error codes from here, with the calls that raise them.
export { errorCode };
