// The web client's calls: POSTs with the signed-in user's token, the catalogue's cacheable GETs without
// it; and its answers to API Gateway's throttling (the local gateway's with PORTAL_API_THROTTLE=1): the
// gateway's 429 (no error object) is sent again after a pause; the portal's own limit is shown at once.
import { TOO_MANY_REQUESTS } from '../../infra/throttles';
import { callFunction, readCatalogue } from '../../web/src/api/client';
import { i18n } from '@lingui/core';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

// A signed-in family: Amplify's session holds its access token (Amplify loads only when this browser stores tokens).
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { accessToken: { toString: () => 'family-access-token' } } }),
}));
const storedTokenKey = 'CognitoIdentityServiceProvider.client.parent@example.com.accessToken';

interface Answer {
  status: number;
  body: unknown;
}

const config = {
  region: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  apiBaseUrl: 'https://portal.example/api',
};
const throttled: Answer = { status: 429, body: TOO_MANY_REQUESTS };
const semesters: Answer = { status: 200, body: { data: { semesters: [] } } };
const portalLimit: Answer = {
  status: 429,
  body: {
    error: {
      code: 'resource-exhausted',
      message: 'You are doing this too often. Please wait 30 seconds and try again.',
    },
  },
};

/** The requests of the calls answered since the last answering(), with what fetch was given. */
let requests: Array<{ url: string; init?: RequestInit }> = [];

/** Answers the calls to functions in turn; /config.json always. */
function answering(...answers: Answer[]) {
  const calls: string[] = [];
  requests = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url !== '/config.json') requests.push({ url, init });
    const answer = url === '/config.json' ? { status: 200, body: config } : answers[calls.push(url) - 1];
    if (!answer) throw new Error(`no answer left for ${url}`);
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return calls;
}

beforeEach(async () => {
  jest.spyOn(Math, 'random').mockReturnValue(0); // no pause before a retry
  localStorage.setItem(storedTokenKey, 'stored by Amplify');
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
  await expect(callFunction('semesters')).rejects.toMatchObject({
    code: 'resource-exhausted',
    status: 429,
    message: 'Too many requests right now. Please wait a moment and try again.',
  });
  expect(calls).toHaveLength(5);
});

test("given the portal's own per-user limit, then its message is shown at once, without another try", async () => {
  const calls = answering(portalLimit, semesters);
  await expect(callFunction('semesters')).rejects.toMatchObject({
    code: 'resource-exhausted',
    message: 'You are doing this too often. Please wait 30 seconds and try again.',
  });
  expect(calls).toHaveLength(1);
});

test('a function is POSTed with its payload and the access token', async () => {
  answering({ status: 200, body: { data: { students: [] } } });
  await callFunction('students');
  expect(requests).toEqual([
    {
      url: 'https://portal.example/api/fn/students',
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          authorization: 'Bearer family-access-token',
        },
        body: '{}',
      },
    },
  ]);
});

test('given no tokens stored on this browser (a visitor), then a function is POSTed without a token', async () => {
  localStorage.removeItem(storedTokenKey);
  answering({ status: 200, body: { data: { semesters: [] } } });
  await callFunction('semesters');
  expect(requests[0]!.init?.headers).toEqual({ 'content-type': 'application/json', 'accept-language': 'en' });
});

test('a catalogue read is a GET of /get/{name} with the payload in the query string and no token, answered like its POST', async () => {
  answering({ status: 200, body: { data: { classes: {} } } }, semesters);
  await expect(readCatalogue('classesBySemester', { semesters: ['winter-2026'] })).resolves.toEqual({ classes: {} });
  await expect(readCatalogue('semesters')).resolves.toEqual({ semesters: [] });
  expect(requests).toEqual([
    {
      url: `https://portal.example/api/get/classesBySemester?payload=${encodeURIComponent('{"semesters":["winter-2026"]}')}`,
      init: { headers: { 'accept-language': 'en' } },
    },
    // No payload, no query: one address for everyone, so one cached answer.
    { url: 'https://portal.example/api/get/semesters', init: { headers: { 'accept-language': 'en' } } },
  ]);
});

test("given API Gateway's throttling on a catalogue read, then the GET is sent again", async () => {
  const calls = answering(throttled, semesters);
  await expect(readCatalogue('semesters')).resolves.toEqual({ semesters: [] });
  expect(calls).toEqual(Array(2).fill('https://portal.example/api/get/semesters'));
});

test('a catalogue read whose payload would make the address too long for some proxies is POSTed instead', async () => {
  answering({ status: 200, body: { data: { groups: [] } } });
  const groups = Array.from({ length: 100 }, (_, index) => ({ id: `backcountry-explorer-group-${index}` }));
  await readCatalogue('classGroups', { groups });
  expect(requests).toEqual([
    {
      url: 'https://portal.example/api/fn/classGroups',
      init: expect.objectContaining({ method: 'POST', body: JSON.stringify({ groups }) }),
    },
  ]);
});

test('every call says the language the person reads the portal in, so a refusal comes back in it', async () => {
  answering({ status: 200, body: { data: { students: [] } } }, semesters);
  // The language as the header's control leaves it: Lingui's instance, active in Spanish.
  i18n.load('es', {});
  i18n.activate('es');
  try {
    await callFunction('students');
    await readCatalogue('semesters');
  } finally {
    i18n.activate('en');
  }
  expect(requests.map((request) => (request.init!.headers as Record<string, string>)['accept-language'])).toEqual([
    'es',
    'es',
  ]);
});
