// The account's second factor with the user pool, through Amplify: an authenticator app's code (TOTP), asked at
// sign-in after the password. Anyone may turn it on; administrators must (the server refuses them otherwise).
import { fetchMFAPreference, setUpTOTP, signOut, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
// Amplify configured before the call reaches the user pool (it is, once someone is signed in).
import './amplify';
import { signingOut } from './signIns';

/** The name an authenticator app lists the account under. */
const APP_NAME = 'Mountain School Registration';

export async function secondFactorIsOn(): Promise<boolean> {
  const { enabled } = await fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
}

/** A new key for the account's authenticator app: as text to type in, and as the link its QR code holds. */
export async function newSecondFactorKey(account: string): Promise<{ key: string; link: string }> {
  const details = await setUpTOTP();
  return { key: details.sharedSecret, link: details.getSetupUri(APP_NAME, account).toString() };
}

/** Turns the second factor on with the app's code, which proves the app holds the key. */
export async function turnOnSecondFactor(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/**
 * Ends every session of the account, this one too: whoever signed in with the password alone is out. A sign-out
 * asked for: a refresh under way meanwhile is not taken for a session that ended by itself (which would send the
 * page to the sign-in saying so, over the reason the second factor's dialog gave).
 */
export async function endEverySession(): Promise<void> {
  await signingOut(() => signOut({ global: true }));
}

export async function turnOffSecondFactor(): Promise<void> {
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** A refused code: Cognito says EnableSoftwareTokenMFAException at set-up, CodeMismatchException elsewhere. */
export const isWrongCode = (error: unknown) =>
  error instanceof Error && ['EnableSoftwareTokenMFAException', 'CodeMismatchException'].includes(error.name);
