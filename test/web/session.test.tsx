// Who is signed in, without Amplify on a visitor's start-up page: the session module tells it from the tokens
// Amplify stores. Amplify's own token store, really run, is what these tests hold it to.
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { holdsTokens, loadAmplify } from '../../web/src/api/session';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const config = { region: 'local', userPoolId: 'local_pool', userPoolClientId: 'portal-client', apiBaseUrl: '/api' };

/** An access token as Amplify keeps it: only its text is stored. */
const accessToken = { toString: () => 'header.payload.signature', payload: {} };

beforeAll(async () => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => config }) as Response);
  await loadRuntimeConfig();
  await loadAmplify();
});
beforeEach(() => localStorage.clear());

test('given tokens Amplify stored for the app client, then someone may be signed in; once cleared, nobody is', async () => {
  expect(holdsTokens()).toBe(false);
  await cognitoUserPoolsTokenProvider.authTokenStore.storeTokens({
    accessToken,
    clockDrift: 0,
    username: 'parent@example.com',
  });
  expect(holdsTokens()).toBe(true);
  await cognitoUserPoolsTokenProvider.authTokenStore.clearTokens();
  expect(holdsTokens()).toBe(false);
});

test("given tokens of another app's client on this origin, then nobody is signed in here", () => {
  localStorage.setItem('CognitoIdentityServiceProvider.another-client.someone.accessToken', 'theirs');
  expect(holdsTokens()).toBe(false);
});
