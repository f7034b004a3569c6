// How a waiting page follows its place from its line's progress: the place moves up by the requests decided
// since it was counted, the pace is the decisions of the last half minute, and the portal is asked when the
// turn is near (or every 20 s in any case at the front, less often further back).
import { askNow, paceOf, placeNow, progressReadMs, quietMs, turnInMs } from '../../lambdas/contract/waitingInLine';
import { turnText } from '../../web/src/classes/InLineNotice';

describe('the place now', () => {
  const mark = { id: 'c1', decided: 100 };
  test('moves up by the requests decided since it was counted', () => expect(placeNow(40, mark, 130)).toBe(10));
  test('is never before the front', () => expect(placeNow(40, mark, 200)).toBe(1));
  test('an older reading (a cache behind the count) does not move it back', () =>
    expect(placeNow(40, mark, 90)).toBe(40));
});

describe('the pace', () => {
  test('is unknown until the line moves', () => {
    expect(paceOf([])).toBeUndefined();
    expect(
      paceOf([
        { decided: 5, at: 0 },
        { decided: 5, at: 2000 },
      ]),
    ).toBeUndefined();
  });
  test('counts the decisions of the last 30 s only', () => {
    const sightings = [
      { decided: 0, at: 0 },
      { decided: 510, at: 10_000 },
      { decided: 520, at: 30_000 },
      { decided: 540, at: 40_000 },
    ];
    expect(paceOf(sightings)).toBe(1);
  });
});

describe('when to ask the portal', () => {
  test('when the estimated turn is 4 s away or less', () => {
    expect(turnInMs(20, 5)).toBe(4000);
    expect(askNow(20, 5, 0)).toBe(true);
    expect(askNow(21, 5, 0)).toBe(false);
  });
  test('before the pace is known, near the front only', () => {
    expect(askNow(3, undefined, 0)).toBe(true);
    expect(askNow(4, undefined, 0)).toBe(false);
  });
  test('every 20 s in any case at the front', () => {
    expect(askNow(3, 0.01, 19_999)).toBe(false);
    expect(askNow(3, 0.01, 20_000)).toBe(true);
  });
  test('further back, as long again every 3 places: its ask would only tell the place', () => {
    expect(quietMs(1)).toBe(20_000);
    expect(quietMs(4)).toBe(40_000);
    expect(quietMs(30)).toBe(200_000);
    expect(askNow(900, 1, 200_000)).toBe(false);
    expect(askNow(900, 1, 6_000_000)).toBe(true);
  });
});

describe('how often the line is read', () => {
  test('every 2 s before the pace is known, and near the turn', () => {
    expect(progressReadMs(500, undefined)).toBe(2000);
    expect(progressReadMs(40, 2)).toBe(2000);
  });
  test('a tenth of the turn further back, 30 s at most', () => {
    expect(progressReadMs(100, 2)).toBe(5000);
    expect(progressReadMs(1500, 2)).toBe(30_000);
  });
});

describe('the estimate as a family reads it', () => {
  test.each([
    [4000, 'in a few seconds'],
    [44_000, 'in about 40 seconds'],
    [70_000, 'in about 70 seconds'],
    [95_000, 'in about 2 minutes'],
    [60_000 * 1.2 + 30_000, 'in about 2 minutes'],
    [85_000, 'in about 90 seconds'],
  ])('%i ms is "%s"', (ms, text) => expect(turnText(ms)).toBe(text));
});
