// The identity provider's calls of spec §7, through Amplify against the user pool.
import { confirmResetPassword, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
import { AUTH_FLOW } from './amplify';

/** A sign-in the user pool did not finish (a challenge the portal does not offer); named by its step. */
class SignInNotFinished extends Error {
  constructor(step: string) {
    super(`The sign-in stopped at step ${step}.`);
    this.name = step;
  }
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { nextStep } = await signIn({ username: email, password, options: { authFlowType: AUTH_FLOW } });
  if (nextStep.signInStep !== 'DONE') throw new SignInNotFinished(nextStep.signInStep);
}

/** Creates the account and signs it in: the user pool's PreSignUp trigger confirms it at once. */
export async function createAccountWithEmail(email: string, password: string): Promise<void> {
  await signUp({ username: email, password, options: { userAttributes: { email } } });
  await signInWithEmail(email, password);
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

/** The provider's error code, as Amplify names its errors: NotAuthorizedException, CodeMismatchException… */
export function errorCode(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}
