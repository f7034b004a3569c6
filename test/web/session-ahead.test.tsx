// A signed-in page left open before registration opens refreshes its session once, at a moment of its own in the
// minutes before the opening, and only when its token would not last past it: the opening's calls then find
// fresh tokens, and the families' refreshes are spread instead of falling in the opening's seconds.
import { render } from '@testing-library/react';
import fc from 'fast-check';
import { loadAmplify, AuthContext, type Auth } from '../../web/src/api/session';
import { readyRefreshAt, useSessionReadyFor } from '../../web/src/api/sessionAhead';
import { READY_LEAD_MS, READY_MARGIN_MS, READY_SPREAD_MS } from '../../lambdas/contract/sessionAhead';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';
import { nextOpening } from '../../web/src/classes/opening';
import type { Semester } from '../../lambdas/contract/records';

const fetchAuthSession = jest.fn();
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: (options?: { forceRefresh?: boolean }) => fetchAuthSession(options),
}));

const MINUTE = 60_000;
/** The access token's life in the user pool (infra/tokenValidity.ts). */
const TOKEN_LIFE_MS = 15 * MINUTE;
const opensAt = Date.parse('2027-01-10T16:00:00Z');

describe('readyRefreshAt', () => {
  test('a token that lasts past the opening by the margin is kept', () => {
    expect(
      readyRefreshAt({ opensAt, expiresAt: opensAt + READY_MARGIN_MS, now: opensAt - 60 * MINUTE, random: 0.5 }),
    ).toBeUndefined();
  });

  test('a token that expires before is refreshed within the spread before the opening, at the moment drawn', () => {
    const earlier = { opensAt, expiresAt: opensAt - 30 * MINUTE, now: opensAt - 40 * MINUTE };
    expect(readyRefreshAt({ ...earlier, random: 0 })).toBe(opensAt - READY_SPREAD_MS);
    expect(readyRefreshAt({ ...earlier, random: 1 })).toBe(opensAt - READY_LEAD_MS);
    expect(readyRefreshAt({ ...earlier, random: 0.5 })).toBe(opensAt - (READY_SPREAD_MS + READY_LEAD_MS) / 2);
  });

  test('a page opened within the spread draws from now; one opened after the lead leaves it to the first call', () => {
    const now = opensAt - 5 * MINUTE;
    expect(readyRefreshAt({ opensAt, expiresAt: opensAt, now, random: 0 })).toBe(now);
    expect(readyRefreshAt({ opensAt, expiresAt: opensAt, now: opensAt - MINUTE, random: 0 })).toBeUndefined();
  });

  test('a token refreshed at the moment drawn always lasts past the opening by the margin: no second refresh', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 120 }), (random, ahead) => {
        const at = readyRefreshAt({ opensAt, expiresAt: opensAt - MINUTE, now: opensAt - ahead * MINUTE, random });
        fc.pre(at !== undefined);
        expect(at! + TOKEN_LIFE_MS).toBeGreaterThanOrEqual(opensAt + READY_MARGIN_MS);
        expect(at).toBeLessThanOrEqual(opensAt - READY_LEAD_MS);
      }),
    );
  });
});

describe('useSessionReadyFor', () => {
  const signedIn: Auth = { status: 'signedIn', isAdmin: false, signOut: async () => undefined };
  function Page({ opening }: { opening?: string }) {
    useSessionReadyFor(opening);
    return null;
  }
  const show = (opening?: string) =>
    render(
      <AuthContext.Provider value={signedIn}>
        <Page opening={opening} />
      </AuthContext.Provider>,
    );
  const tokensExpiringAt = (expiresAt: number) => ({
    tokens: { accessToken: { toString: () => 'access-token', payload: { sub: 'family-sub', exp: expiresAt / 1000 } } },
  });
  const forcedRefreshes = () => fetchAuthSession.mock.calls.filter(([options]) => options?.forceRefresh).length;

  beforeAll(async () => {
    globalThis.fetch = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          json: async () => ({ region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' }),
        }) as Response,
    );
    await loadRuntimeConfig();
    await loadAmplify();
  });
  beforeEach(() => {
    jest.useFakeTimers({ now: opensAt - 40 * MINUTE });
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    fetchAuthSession.mockReset();
    localStorage.setItem('CognitoIdentityServiceProvider.client.parent@example.com.accessToken', 'stored');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    localStorage.clear();
  });

  test('given a token that expires before the opening, then the page refreshes it once, at its moment in the spread', async () => {
    fetchAuthSession.mockResolvedValue(tokensExpiringAt(opensAt - 25 * MINUTE));
    show(new Date(opensAt).toISOString());
    const moment = opensAt - (READY_SPREAD_MS + READY_LEAD_MS) / 2;
    await jest.advanceTimersByTimeAsync(moment - Date.now() - 1);
    expect(forcedRefreshes()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(forcedRefreshes()).toBe(1);
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(forcedRefreshes()).toBe(1);
  });

  test('given a token that lasts past the opening, or no opening, then nothing is refreshed ahead', async () => {
    fetchAuthSession.mockResolvedValue(tokensExpiringAt(opensAt + 10 * MINUTE));
    show(new Date(opensAt).toISOString());
    show(undefined);
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(forcedRefreshes()).toBe(0);
  });

  test('given the page is left before the moment, then its refresh is not made', async () => {
    fetchAuthSession.mockResolvedValue(tokensExpiringAt(opensAt - 25 * MINUTE));
    const page = show(new Date(opensAt).toISOString());
    await jest.advanceTimersByTimeAsync(MINUTE);
    page.unmount();
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(forcedRefreshes()).toBe(0);
  });
});

describe('nextOpening', () => {
  const semester = (id: string, registrationOpens?: string) =>
    ({ id, name: id, startDate: '2027-01-01', endDate: '2027-03-01', registrationOpens }) as Semester;

  test('is the semester whose registration opens soonest after now; one open already or with no opening is none', () => {
    const now = Date.parse('2027-01-10T15:00:00Z');
    const semesters = [
      semester('open', '2027-01-09T16:00:00Z'),
      semester('later', '2027-01-12T16:00:00Z'),
      semester('unset'),
      semester('next', '2027-01-10T16:00:00Z'),
    ];
    expect(nextOpening(semesters, now)?.id).toBe('next');
    expect(nextOpening(semesters.slice(0, 1), now)).toBeUndefined();
  });
});
