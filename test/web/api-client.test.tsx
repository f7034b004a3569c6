// The web client's answers to API Gateway's throttling, which the local gateway does not emulate: the
// gateway's 429 (no error object) is sent again after a pause; the portal's own limit is shown at once.
import { callFunction } from '../../web/src/api/client';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

interface Answer {
  status: number;
  body: unknown;
}

const config = { region: 'local', userPoolId: 'local_pool', userPoolClientId: 'client', apiBaseUrl: 'https://portal.example/api' };
const throttled: Answer = { status: 429, body: { message: 'Too Many Requests' } };
const semesters: Answer = { status: 200, body: { data: { semesters: [] } } };
const portalLimit: Answer = { status: 429, body: { error: { code: 'resource-exhausted', message: 'You are doing this too often. Please wait 30 seconds and try again.' } } };

/** Answers the calls to functions in turn; /config.json always. */
function answering(...answers: Answer[]) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    const answer = url === '/config.json' ? { status: 200, body: config } : answers[calls.push(url) - 1];
    if (!answer) throw new Error(`no answer left for ${url}`);
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return calls;
}

beforeEach(async () => {
  jest.spyOn(Math, 'random').mockReturnValue(0); // no pause before a retry
  answering();
  await loadRuntimeConfig();
});
afterEach(() => jest.restoreAllMocks());

test("given API Gateway's throttling twice, then the call is sent again and its answer returned", async () => {
  const calls = answering(throttled, throttled, semesters);
  await expect(callFunction('semesters')).resolves.toEqual({ semesters: [] });
  expect(calls).toEqual(Array(3).fill('https://portal.example/api/fn/semesters'));
});

test('given throttling on every try, then after five tries the user is asked to wait a moment', async () => {
  const calls = answering(...Array(6).fill(throttled));
  await expect(callFunction('semesters')).rejects.toMatchObject({ code: 'resource-exhausted', status: 429, message: 'Too many requests right now. Please wait a moment and try again.' });
  expect(calls).toHaveLength(5);
});

test("given the portal's own per-user limit, then its message is shown at once, without another try", async () => {
  const calls = answering(portalLimit, semesters);
  await expect(callFunction('semesters')).rejects.toMatchObject({ code: 'resource-exhausted', message: 'You are doing this too often. Please wait 30 seconds and try again.' });
  expect(calls).toHaveLength(1);
});
