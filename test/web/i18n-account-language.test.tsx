// The language kept on the account (issue 34): the language control saves its choice to the signed-in account,
// quietly (a failure only logs); at sign-in the account's language is activated and remembered in this browser,
// and an account without one yet takes the one shown; the sign-up passes the language shown as Cognito's locale.
import * as amplifyAuth from 'aws-amplify/auth';
import * as client from '../../web/src/api/client';
import * as session from '../../web/src/api/session';
import { ConfirmationNeeded, createAccountWithEmail, followAccountLanguage } from '../../web/src/auth/identity';
import { chooseLanguage, i18n } from '../../web/src/i18n/i18n';

jest.mock('../../web/src/api/client', () => ({ callFunction: jest.fn() }));
jest.mock('../../web/src/api/session', () => ({
  ...jest.requireActual('../../web/src/api/session'),
  holdsTokens: jest.fn(),
}));
jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('aws-amplify/auth', () => ({ signUp: jest.fn(), signIn: jest.fn() }));

const callFunction = jest.mocked(client.callFunction) as jest.Mock;
const holdsTokens = jest.mocked(session.holdsTokens);

/** The account as the portal answers: its language (myMailStatus), and whether a save (saveLanguage) fails. */
let accountLanguage: string | undefined;
let saveStatus: number;
/** The saves sent to the portal (through the API client, which adds the session's token): each payload. */
const saves = () => callFunction.mock.calls.filter(([name]) => name === 'saveLanguage').map(([, payload]) => payload);

let warn: jest.SpyInstance;
beforeEach(async () => {
  jest.clearAllMocks();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  holdsTokens.mockReturnValue(false);
  accountLanguage = undefined;
  saveStatus = 200;
  callFunction.mockImplementation(async (name: string, payload?: { language: string }) => {
    if (name === 'saveLanguage') {
      if (saveStatus !== 200) throw new Error('The portal is very busy right now.');
      return payload;
    }
    if (name !== 'myMailStatus') throw new Error(`unexpected ${name}`);
    if (accountLanguage === 'unreadable') throw new Error('Something went wrong.');
    return { optional: {}, addresses: [], ...(accountLanguage && { language: accountLanguage }) };
  });
  await chooseLanguage('en');
  localStorage.clear();
});
afterEach(() => warn.mockRestore());

test('a visitor’s choice stays in this browser: nothing is sent', async () => {
  await chooseLanguage('es');
  expect(i18n.locale).toBe('es');
  expect(localStorage.getItem('portal.language')).toBe('es');
  expect(saves()).toEqual([]);
});

test('signed in, the choice is kept on the account too', async () => {
  holdsTokens.mockReturnValue(true);
  await chooseLanguage('es');
  expect(saves()).toEqual([{ language: 'es' }]);
  expect(i18n.locale).toBe('es');
});

test('a failed save only logs: the page stays in the chosen language, remembered here', async () => {
  holdsTokens.mockReturnValue(true);
  saveStatus = 503;
  await expect(chooseLanguage('es')).resolves.toBeUndefined();
  expect(i18n.locale).toBe('es');
  expect(localStorage.getItem('portal.language')).toBe('es');
  expect(warn).toHaveBeenCalledWith('The language was not saved on the account.', expect.any(Error));
});

test('at sign-in the account’s language is activated and remembered in this browser', async () => {
  accountLanguage = 'es';
  await followAccountLanguage();
  expect(i18n.locale).toBe('es');
  expect(document.documentElement.lang).toBe('es');
  expect(localStorage.getItem('portal.language')).toBe('es');
  expect(saves()).toEqual([]);
});

test('an account without a language yet takes the one shown (the e-mails then go in it)', async () => {
  await chooseLanguage('es');
  await followAccountLanguage();
  expect(saves()).toEqual([{ language: 'es' }]);
  expect(i18n.locale).toBe('es');
});

test('an account that cannot be read leaves the language as it is, and only logs', async () => {
  accountLanguage = 'unreadable';
  await followAccountLanguage();
  expect(i18n.locale).toBe('en');
  expect(warn).toHaveBeenCalledWith("The account's language could not be read.", expect.any(Error));
});

test('the sign-up passes the language shown as the account’s locale, so the code e-mail is in it', async () => {
  await chooseLanguage('es');
  jest.mocked(amplifyAuth.signUp).mockResolvedValue({
    isSignUpComplete: false,
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
  } as Awaited<ReturnType<typeof amplifyAuth.signUp>>);
  await expect(createAccountWithEmail('ana@example.com', 'Secret-123456')).rejects.toBeInstanceOf(ConfirmationNeeded);
  expect(amplifyAuth.signUp).toHaveBeenCalledWith({
    username: 'ana@example.com',
    password: 'Secret-123456',
    options: { userAttributes: { email: 'ana@example.com', locale: 'es' } },
  });
});
