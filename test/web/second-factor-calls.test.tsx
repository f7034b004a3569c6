// The second factor's calls to the user pool, through Amplify (mocked): the sign-in's code step
// (web/src/auth/identity.ts) and Manage Account's set-up, state and sign-out (web/src/api/secondFactor.ts).
import * as auth from 'aws-amplify/auth';
import { SecondFactorNeeded, signInWithCode, signInWithEmail } from '../../web/src/auth/identity';
import {
  endEverySession,
  isWrongCode,
  newSecondFactorKey,
  secondFactorIsOn,
  turnOffSecondFactor,
  turnOnSecondFactor,
} from '../../web/src/api/secondFactor';

jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('aws-amplify/auth', () => ({
  signIn: jest.fn(),
  confirmSignIn: jest.fn(),
  fetchMFAPreference: jest.fn(),
  setUpTOTP: jest.fn(),
  verifyTOTPSetup: jest.fn(),
  updateMFAPreference: jest.fn(),
  signOut: jest.fn(),
}));
const amplify = jest.mocked(auth);

/** Amplify's answer to a sign-in step: done, or the step it stopped at. */
const stoppedAt = (signInStep: string) =>
  ({ isSignedIn: signInStep === 'DONE', nextStep: { signInStep } }) as Awaited<ReturnType<typeof auth.signIn>>;

function providerError(name: string): Error {
  const error = new Error('refused');
  error.name = name;
  return error;
}

beforeEach(() => {
  jest.resetAllMocks();
});

describe('signing in', () => {
  test("given an account whose second factor is on, then the password's step asks for the code", async () => {
    amplify.signIn.mockResolvedValue(stoppedAt('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    await expect(signInWithEmail('admin@example.org', 'Mountain-1')).rejects.toBeInstanceOf(SecondFactorNeeded);
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'admin@example.org',
      password: 'Mountain-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  test("the app's code finishes the sign-in; a step the portal does not offer is refused by name", async () => {
    amplify.confirmSignIn.mockResolvedValueOnce(stoppedAt('DONE'));
    await signInWithCode('123456');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    amplify.confirmSignIn.mockResolvedValueOnce(stoppedAt('CONTINUE_SIGN_IN_WITH_MFA_SELECTION'));
    await expect(signInWithCode('123456')).rejects.toMatchObject({ name: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' });
    amplify.signIn.mockResolvedValue(stoppedAt('CONFIRM_SIGN_IN_WITH_SMS_CODE'));
    await expect(signInWithEmail('admin@example.org', 'Mountain-1')).rejects.toMatchObject({
      name: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
    });
  });
});

describe('Manage Account', () => {
  test("the second factor is on when the account's enabled factors include TOTP", async () => {
    amplify.fetchMFAPreference.mockResolvedValueOnce({ enabled: ['TOTP'], preferred: 'TOTP' });
    expect(await secondFactorIsOn()).toBe(true);
    amplify.fetchMFAPreference.mockResolvedValueOnce({ enabled: ['SMS'] });
    expect(await secondFactorIsOn()).toBe(false);
    amplify.fetchMFAPreference.mockResolvedValueOnce({});
    expect(await secondFactorIsOn()).toBe(false);
  });

  test('a new key comes as text and as the link its QR code holds, named for the portal and the account', async () => {
    const link = 'otpauth://totp/Mountain%20School%20Registration:parent%40example.org?secret=JBSWY3DPEHPK3PXP';
    const getSetupUri = jest.fn((_app: string, _account?: string) => new URL(link));
    amplify.setUpTOTP.mockResolvedValue({ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri });
    expect(await newSecondFactorKey('parent@example.org')).toEqual({ key: 'JBSWY3DPEHPK3PXP', link });
    expect(getSetupUri).toHaveBeenCalledWith('Mountain School Registration', 'parent@example.org');
  });

  test("turning it on proves the app's code first, then makes it the account's; a wrong code changes nothing", async () => {
    amplify.verifyTOTPSetup.mockRejectedValueOnce(providerError('EnableSoftwareTokenMFAException'));
    const refused = await turnOnSecondFactor('000000').catch((error: unknown) => error);
    expect(isWrongCode(refused)).toBe(true);
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
    await turnOnSecondFactor('123456');
    expect(amplify.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(isWrongCode(providerError('CodeMismatchException'))).toBe(true);
    expect(isWrongCode(providerError('NotAuthorizedException'))).toBe(false);
  });

  test('every session of the account ends after it is turned on; turning it off disables it', async () => {
    await endEverySession();
    expect(amplify.signOut).toHaveBeenCalledWith({ global: true });
    await turnOffSecondFactor();
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
  });
});
