// How long an enroll (or an ask again) waits for its request's decision, and how it then answers its
// place in line on a table so slow that the read takes seconds.
import { answerInTurn, waitUntil } from '../../lambdas/enrollment/enrollmentAnswer';
import { FAR_PLACE } from '../../lambdas/contract/waitingInLine';
import { awaitDecision } from '../../lambdas/enrollment/allocator';
import { placeInQueue } from '../../lambdas/enrollment/enrollmentRequests';

jest.mock('../../lambdas/enrollment/allocator', () => ({ awaitDecision: jest.fn() }));
jest.mock('../../lambdas/enrollment/enrollmentRequests', () => ({
  ...jest.requireActual('../../lambdas/enrollment/enrollmentRequests'),
  placeInQueue: jest.fn(),
}));

const decisionIn = awaitDecision as jest.MockedFunction<typeof awaitDecision>;
const placeRead = placeInQueue as jest.MockedFunction<typeof placeInQueue>;
const request = { id: '1-a', queue: 'QUEUE#LINE#c' };

/** A call that reached the API `agoMs` ago and may run `remainingMs` more. */
const call = (agoMs: number, remainingMs: number) => {
  const end = Date.now() + remainingMs;
  return { arrivedAt: Date.now() - agoMs, remainingMs: () => end - Date.now() };
};
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

beforeEach(() => jest.resetAllMocks());

describe('how long an enroll waits for its decision', () => {
  test('the wait is counted from the call reaching the API, not from the end of its checks', () => {
    const until = waitUntil(call(2000, 8000), 6000);
    // 6 s after arrival: 4 s from now, leaving the answer 4 s of the function's 8.
    expect(until - Date.now()).toBeGreaterThan(3900);
    expect(until - Date.now()).toBeLessThanOrEqual(4000);
  });

  test('it ends in time to answer before the function times out', () => {
    const until = waitUntil(call(0, 5000), 6000);
    // 3 s kept for the answer's read and its sending.
    expect(until - Date.now()).toBeLessThanOrEqual(2000);
    expect(until - Date.now()).toBeGreaterThan(1900);
  });

  test('checks that took longer than the wait leave no wait: the decision is looked at once', () => {
    expect(waitUntil(call(7000, 3000), 6000)).toBeLessThan(Date.now());
  });
});

describe('the answer of a request still in line', () => {
  test('its place is read ahead of the wait’s end: a read of 2 s still answers when the margin alone leaves 1.5 s', async () => {
    // The wait ends in 1 s (3 s before the timeout); the answer must be sent 1.5 s before it, 2.5 s from now.
    decisionIn.mockImplementation((_, until) => after(until - Date.now(), undefined));
    placeRead.mockImplementation(() => after(2000, { place: 4, decided: 30 }));
    const answer = await answerInTurn(request, call(0, 4000), 1000);
    expect(answer).toEqual({
      enrollments: [],
      requestId: '1-a',
      pending: { place: 4, line: { id: 'c', decided: 30 } },
    });
    expect(placeRead).toHaveBeenCalledTimes(1);
  });

  test('a request decided before the read would start reads no place', async () => {
    decisionIn.mockResolvedValue({ enrollments: [], places: {} });
    await expect(answerInTurn(request, call(0, 10_000), 6000)).resolves.toEqual({ enrollments: [], requestId: '1-a' });
    await after(50, undefined);
    expect(placeRead).not.toHaveBeenCalled();
  });

  test('a place read that failed for a moment is read again', async () => {
    decisionIn.mockImplementation((_, until) => after(until - Date.now(), undefined));
    placeRead
      .mockRejectedValueOnce(Object.assign(new Error('busy'), { name: 'ThrottlingException', $metadata: {} }))
      .mockResolvedValue({ place: 2, decided: 0 });
    await expect(answerInTurn(request, call(0, 4000), 1000)).resolves.toMatchObject({ pending: { place: 2 } });
    expect(placeRead).toHaveBeenCalledTimes(2);
  });

  test('an ask about a request far from its line’s front is answered its place at once, without a look at its decision', async () => {
    placeRead.mockResolvedValue({ place: FAR_PLACE + 1, decided: 7 });
    const answer = await answerInTurn(request, call(0, 10_000), 2000, { askedAgain: true });
    expect(answer).toEqual({
      enrollments: [],
      requestId: '1-a',
      pending: { place: FAR_PLACE + 1, line: { id: 'c', decided: 7 } },
    });
    expect(decisionIn).not.toHaveBeenCalled();
    expect(placeRead).toHaveBeenCalledTimes(1);
  });

  test('an ask about a request near the front waits for its decision, and tells the place it read first if none came', async () => {
    decisionIn.mockImplementation((_, until) => after(until - Date.now(), undefined));
    placeRead.mockResolvedValue({ place: FAR_PLACE, decided: 7 });
    const answer = await answerInTurn(request, call(0, 10_000), 300, { askedAgain: true });
    expect(decisionIn).toHaveBeenCalledTimes(1);
    expect(answer.pending).toEqual({ place: FAR_PLACE, line: { id: 'c', decided: 7 } });
    expect(placeRead).toHaveBeenCalledTimes(1);
  });

  test('an enroll waits for its decision however far back its request stands', async () => {
    decisionIn.mockResolvedValue({ enrollments: [], places: {} });
    placeRead.mockResolvedValue({ place: 10 * FAR_PLACE, decided: 0 });
    await expect(answerInTurn(request, call(0, 10_000), 6000)).resolves.toEqual({ enrollments: [], requestId: '1-a' });
    expect(decisionIn).toHaveBeenCalledTimes(1);
  });
});
