// The enroll dialog's call on a busy day: while the answer says the request is still in line, the page
// tells the place and asks again with `enrollmentRequest`, until the request is decided; far back in a line, it
// follows the line's progress (the edge's `lineProgress`) instead, and asks only when its turn is near; a closed
// dialog stops asking (the request stays in line and is decided all the same); in a fair start's draw, it finds its
// place in the drawn line (the edge's `drawnLine`) once the draw came.
import { enrollInTurn } from '../../web/src/classes/enrollInTurn';
import { BUSY_ASKS, DRAW_ASK_SPREAD_MS } from '../../lambdas/contract/waitingInLine';
import { BUSY_MESSAGE } from '../../lambdas/contract/errors';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { accessToken: { toString: () => 'family-access-token' } } }),
}));

const config = {
  region: 'local',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  apiBaseUrl: 'https://portal.example/api',
};
const requestId = '1795480000000-5e0d8b1c-3f0a-4b6e-9d57-2f9c1f1e7a10';
const enrolled = {
  id: 'c1~s1',
  studentId: 's1',
  classId: 'c1',
  semesterId: 'w',
  status: 'enrolled',
  createdAt: '2026-11-23T09:00:00Z',
};
const inLine = (place: number) => ({ data: { enrollments: [], requestId, pending: { place } } });

let calls: Array<{ url: string; body: unknown }>;
function answering(...answers: unknown[]) {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    calls.push({ url, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const body = answers[calls.length - 1];
    if (!body) throw new Error(`no answer left for ${url}`);
    // An error body is the portal's refusal: "very busy" is its 429.
    const refused = typeof body === 'object' && 'error' in body;
    return { ok: !refused, status: refused ? 429 : 200, json: async () => body } as Response;
  }) as typeof fetch;
}

beforeEach(async () => {
  answering();
  await loadRuntimeConfig();
});

/** What `start` ends with, the page's waits between its asks passed on Jest's clock instead of waited out. */
async function onJestClock<T>(start: () => Promise<T>): Promise<T> {
  jest.useFakeTimers();
  try {
    const work = start();
    // Awaited below, once the clock has run: not a rejection left unhandled meanwhile.
    work.catch(() => undefined);
    await jest.runAllTimersAsync();
    return await work;
  } finally {
    jest.useRealTimers();
  }
}

test('given a request still in line twice, then the places are told and the decided enrollments returned', async () => {
  answering(inLine(3), inLine(1), { data: { enrollments: [enrolled], requestId } });
  const places: unknown[] = [];
  const enrollments = await onJestClock(() =>
    enrollInTurn(
      { studentId: 's1', classId: 'c1' },
      'w',
      (pending) => places.push(pending),
      new AbortController().signal,
    ),
  );
  expect(enrollments).toEqual([enrolled]);
  expect(places).toEqual([{ place: 3 }, { place: 1 }]);
  expect(calls).toEqual([
    { url: 'https://portal.example/api/fn/enroll', body: { studentId: 's1', classId: 'c1' } },
    { url: 'https://portal.example/api/fn/enrollmentRequest', body: { requestId, classId: 'c1' } },
    { url: 'https://portal.example/api/fn/enrollmentRequest', body: { requestId, classId: 'c1' } },
  ]);
});

const veryBusy = { error: { code: 'resource-exhausted', message: BUSY_MESSAGE } };

test('given an ask answered "very busy", then it is asked again (the request is still in line) until decided', async () => {
  answering(inLine(1), veryBusy, veryBusy, { data: { enrollments: [enrolled], requestId } });
  await expect(
    onJestClock(() =>
      enrollInTurn({ studentId: 's1', classId: 'c1' }, 'w', () => undefined, new AbortController().signal),
    ),
  ).resolves.toEqual([enrolled]);
  expect(calls.map(({ url }) => url.split('/').at(-1))).toEqual([
    'enroll',
    'enrollmentRequest',
    'enrollmentRequest',
    'enrollmentRequest',
  ]);
});

test(`given every ask answered "very busy", then after ${BUSY_ASKS} asks the page says so`, async () => {
  answering(inLine(1), ...Array.from({ length: BUSY_ASKS }, () => veryBusy));
  await expect(
    onJestClock(() =>
      enrollInTurn({ studentId: 's1', classId: 'c1' }, 'w', () => undefined, new AbortController().signal),
    ),
  ).rejects.toThrow(BUSY_MESSAGE);
  expect(calls).toHaveLength(1 + BUSY_ASKS);
});

test('given a decision at once, then no second call is made', async () => {
  answering({ data: { enrollments: [enrolled], requestId } });
  await expect(
    enrollInTurn({ studentId: 's1', groupId: 'g1' }, 'w', () => undefined, new AbortController().signal),
  ).resolves.toEqual([enrolled]);
  expect(calls).toHaveLength(1);
});

test('given the dialog closed while in line, then the page stops asking', async () => {
  answering(inLine(7));
  const closed = new AbortController();
  const enrollments = onJestClock(() =>
    enrollInTurn({ studentId: 's1', classId: 'c1' }, 'w', () => closed.abort(), closed.signal),
  );
  await expect(enrollments).resolves.toBeUndefined();
  expect(calls).toHaveLength(1);
});

test("given a request far back whose line's progress cannot be read, then the page asks the portal after its own while without a reading (90 to 180 s)", async () => {
  jest.useFakeTimers({ now: 0 });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  const asks: number[] = [];
  let progressReads = 0;
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    if (url.includes('/get/lineProgress')) {
      progressReads += 1;
      throw new TypeError('Failed to fetch');
    }
    if (url.endsWith('/fn/enroll'))
      return {
        ok: true,
        status: 200,
        json: async () => ({
          data: { enrollments: [], requestId, pending: { place: 400, line: { id: 'c1', decided: 0 } } },
        }),
      } as Response;
    asks.push(Date.now());
    return { ok: true, status: 200, json: async () => ({ data: { enrollments: [enrolled], requestId } }) } as Response;
  }) as typeof fetch;
  const decided = enrollInTurn({ studentId: 's1', classId: 'c1' }, 'w', () => undefined, new AbortController().signal);
  await jest.advanceTimersByTimeAsync(134_000);
  expect(asks).toEqual([]);
  await jest.advanceTimersByTimeAsync(3000);
  await expect(decided).resolves.toEqual([enrolled]);
  expect(asks).toHaveLength(1);
  expect(asks[0]).toBeGreaterThanOrEqual(135_000);
  expect(progressReads).toBeGreaterThan(5);
});

const drawAt = '2027-01-10T09:05:00.000Z';
const drawnLineUrl = `https://portal.example/api/get/drawnLine?payload=${encodeURIComponent('{"line":"c1"}')}`;
const progressUrl = `https://portal.example/api/get/lineProgress?payload=${encodeURIComponent('{"semesterId":"w"}')}`;
/** A drawn line of `length` requests, this page's request at `place`, as read once the draw came. */
const drawnLine = (length: number, place: number | undefined) => ({
  data: {
    requests: Array.from({ length }, (_, index) =>
      index + 1 === place ? '5e0d8b1c' : index.toString(16).padStart(8, '0'),
    ),
    decided: 0,
    readAt: '2027-01-10T09:05:01.000Z',
  },
});

afterEach(() => {
  jest.useRealTimers();
  jest.spyOn(Math, 'random').mockRestore();
});

/** Runs enrollInTurn for a request of the fair start's draw, Math.random at half: each wait at the middle of its spread. */
function inTheDraw(...after: unknown[]) {
  jest.useFakeTimers({ now: Date.parse('2027-01-10T09:00:00Z') });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  answering({ data: { enrollments: [], requestId, pending: { drawAt, line: 'c1' } } }, ...after);
  const enrolling = enrollingInC1();
  enrolling.decided.catch(() => undefined);
  return enrolling;
}

/** enrollInTurn of student s1 in class c1, with what the page was told, in order. */
function enrollingInC1() {
  const told: unknown[] = [];
  const decided = enrollInTurn(
    { studentId: 's1', classId: 'c1' },
    'w',
    (waiting) => told.push(waiting),
    new AbortController().signal,
  );
  return { told, decided };
}

test("given a request in a fair start's draw, then the draw is told, and once it came the page finds its place in the drawn line (from the edge), follows it and asks only when its turn is near", async () => {
  const draw = inTheDraw(
    drawnLine(200, 10),
    { data: { lines: { c1: { decided: 0 } } } },
    { data: { lines: { c1: { decided: 5 } } } },
    { data: { enrollments: [enrolled], requestId } },
  );
  await jest.advanceTimersByTimeAsync(5 * 60_000);
  expect(draw.told).toEqual([{ drawAt, line: 'c1' }]);
  expect(calls).toHaveLength(1);
  // Half of the 2 s the pages' reads of their drawn line spread over.
  await jest.advanceTimersByTimeAsync(1000);
  expect(draw.told.at(-1)).toEqual({ place: 10 });
  await jest.advanceTimersByTimeAsync(6000);
  await expect(draw.decided).resolves.toEqual([enrolled]);
  expect(draw.told.slice(1)).toEqual([{ place: 10 }, { place: 10 }, { place: 5, turnInMs: 2000 }]);
  expect(calls.map(({ url }) => url.split('/').at(-1)!.split('?')[0])).toEqual([
    'enroll',
    'drawnLine',
    'lineProgress',
    'lineProgress',
    'enrollmentRequest',
  ]);
  expect(calls[1]!.url).toBe(drawnLineUrl);
});

test("given a drawn line that does not list the request (decided already), then the page asks at its own moment of the draw's spread", async () => {
  const draw = inTheDraw(drawnLine(40, undefined), { data: { enrollments: [enrolled], requestId } });
  await jest.advanceTimersByTimeAsync(5 * 60_000 + 1000);
  expect(calls.map(({ url }) => url)).toEqual(['https://portal.example/api/fn/enroll', drawnLineUrl]);
  await jest.advanceTimersByTimeAsync(DRAW_ASK_SPREAD_MS / 2 - 1);
  expect(calls).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(1);
  await expect(draw.decided).resolves.toEqual([enrolled]);
  expect(calls).toHaveLength(3);
});

test('given a request far back in its line, then the page follows the line from the edge, tells the place and the estimate, and asks only when its turn is near', async () => {
  jest.useFakeTimers({ now: Date.parse('2027-01-10T09:00:10Z') });
  try {
    const progress = (decided: number) => ({ data: { lines: { c1: { decided }, c9: { decided: 500 } } } });
    answering(
      { data: { enrollments: [], requestId, pending: { place: 40, line: { id: 'c1', decided: 10 } } } },
      progress(10),
      progress(20),
      progress(30),
      { data: { enrollments: [enrolled], requestId } },
    );
    const { told, decided } = enrollingInC1();
    await jest.advanceTimersByTimeAsync(8000);
    await expect(decided).resolves.toEqual([enrolled]);
    // 10 decided in every 2 s: 5 a second; 20 places from the front, 4 s, is near enough to ask.
    expect(told).toEqual([{ place: 40 }, { place: 40 }, { place: 30, turnInMs: 6000 }, { place: 20, turnInMs: 4000 }]);
    expect(calls.map(({ url }) => url)).toEqual([
      'https://portal.example/api/fn/enroll',
      progressUrl,
      progressUrl,
      progressUrl,
      'https://portal.example/api/fn/enrollmentRequest',
    ]);
  } finally {
    jest.useRealTimers();
  }
});
