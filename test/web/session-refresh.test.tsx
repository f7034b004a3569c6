// The session's refresh, whatever the user pool answers: the calls of one moment share one try, a failed try is
// made again after a pause of 5 s, and after the second failure, or at once when the pool refuses the refresh
// token, the session ends; never a loop of requests. Amplify's fetchAuthSession is what refreshes.
import { accessToken, currentUser, loadAmplify, onSessionEnd } from '../../web/src/api/session';
import { signInChanged } from '../../web/src/api/signIns';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const fetchAuthSession = jest.fn();
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: () => fetchAuthSession() }));

const config = { region: 'local', userPoolId: 'local_pool', userPoolClientId: 'portal-client', apiBaseUrl: '/api' };
const tokens = {
  accessToken: { toString: () => 'refreshed-access-token', payload: { sub: 'family-sub' } },
  idToken: { payload: { email: 'parent@example.com' } },
};
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

let ended: number;
let stopListening: () => void;
beforeAll(async () => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => config }) as Response);
  await loadRuntimeConfig();
  await loadAmplify();
});
beforeEach(() => {
  jest.useFakeTimers();
  fetchAuthSession.mockReset();
  localStorage.clear();
  localStorage.setItem('CognitoIdentityServiceProvider.portal-client.parent@example.com.accessToken', 'stored');
  ended = 0;
  stopListening = onSessionEnd(() => (ended += 1));
});
afterEach(() => {
  stopListening();
  jest.useRealTimers();
});

test('given the pool fails every refresh, then the screens’ calls share each try, tried twice 5 s apart, then the session ends once', async () => {
  fetchAuthSession.mockImplementation(noAnswer);
  const answers = Promise.all([accessToken(), accessToken(), currentUser(), accessToken()]);
  await jest.advanceTimersByTimeAsync(4999);
  expect({ tries: fetchAuthSession.mock.calls.length, ended }).toEqual({ tries: 1, ended: 0 });
  await jest.advanceTimersByTimeAsync(1);
  expect(await answers).toEqual([undefined, undefined, undefined, undefined]);
  expect({ tries: fetchAuthSession.mock.calls.length, ended }).toEqual({ tries: 2, ended: 1 });
  await jest.advanceTimersByTimeAsync(60_000);
  expect(fetchAuthSession).toHaveBeenCalledTimes(2);
});

test('given the pool refuses the refresh token (Amplify answers no tokens), then the session ends after that one try', async () => {
  fetchAuthSession.mockResolvedValue({ tokens: undefined });
  expect(await accessToken()).toBeUndefined();
  expect({ tries: fetchAuthSession.mock.calls.length, ended }).toEqual({ tries: 1, ended: 1 });
});

test('given one failed try, when the next one is answered, then the calls get the new tokens and the session goes on', async () => {
  fetchAuthSession.mockImplementationOnce(noAnswer).mockResolvedValue({ tokens });
  const answers = Promise.all([accessToken(), currentUser()]);
  await jest.advanceTimersByTimeAsync(5000);
  expect(await answers).toEqual(['refreshed-access-token', { sub: 'family-sub', email: 'parent@example.com' }]);
  expect({ tries: fetchAuthSession.mock.calls.length, ended }).toEqual({ tries: 2, ended: 0 });
});

test('given the user signs out during a pause, then nothing more is tried and the session is not said to have ended', async () => {
  fetchAuthSession.mockImplementation(noAnswer);
  const answer = accessToken();
  await jest.advanceTimersByTimeAsync(1000);
  localStorage.clear();
  signInChanged();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(await answer).toBeUndefined();
  expect({ tries: fetchAuthSession.mock.calls.length, ended }).toEqual({ tries: 1, ended: 0 });
});

test('given nobody is signed in, then no refresh is tried', async () => {
  localStorage.clear();
  expect(await currentUser()).toBeUndefined();
  expect(fetchAuthSession).not.toHaveBeenCalled();
});
