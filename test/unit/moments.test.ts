// A moment reads on the programme's clock: the weekday, the date and a 12-hour time with the zone named, never
// "24:00"; a reader elsewhere sees their own time beside it; a datetime field typed on the programme's clock is
// the right moment on both sides of a daylight-saving change. A meeting's wall-clock times read on the same
// 12-hour clock, the zone named by its name for the whole year ("MT"); the yearly check's day is the programme's.
import { detailsConfirmedLabel, detailsNeedChecking, detailsSinceProblem } from '../../lambdas/contract/configNames';
import {
  clockText,
  dayOf,
  isTimeZone,
  meetingHours,
  meetingText,
  momentForReader,
  momentOfWallClock,
  momentText,
  wallClockOf,
  zoneName,
  zoneOffset,
} from '../../lambdas/contract/moments';

test('given a moment, then it reads with the weekday, the date, a 12-hour time and the zone, in that zone', () => {
  expect(momentText('2027-01-04T06:59:00Z', 'America/Denver')).toBe('Sun, Jan 3, 2027, 11:59 PM MST');
  expect(momentText('2027-07-04T18:30:00Z', 'America/Denver')).toBe('Sun, Jul 4, 2027, 12:30 PM MDT');
  expect(momentText('2027-01-04T06:59:00Z', 'UTC')).toBe('Mon, Jan 4, 2027, 6:59 AM UTC');
});

test('given midnight, then it is 12:00 AM of the day it begins, never 24:00 of the day before', () => {
  expect(momentText('2027-01-04T07:00:00Z', 'America/Denver')).toBe('Mon, Jan 4, 2027, 12:00 AM MST');
  expect(momentText('2027-01-01T00:00:00Z', 'UTC')).toBe('Fri, Jan 1, 2027, 12:00 AM UTC');
});

test('given the night the clocks change, then the same wall-clock hour names the zone of its season', () => {
  // America/Denver goes forward on Sun, Mar 14, 2027 at 2:00 AM and back on Sun, Nov 7, 2027 at 2:00 AM.
  expect(momentText('2027-03-14T08:59:00Z', 'America/Denver')).toBe('Sun, Mar 14, 2027, 1:59 AM MST');
  expect(momentText('2027-03-14T09:00:00Z', 'America/Denver')).toBe('Sun, Mar 14, 2027, 3:00 AM MDT');
  expect(momentText('2027-11-07T07:30:00Z', 'America/Denver')).toBe('Sun, Nov 7, 2027, 1:30 AM MDT');
  expect(momentText('2027-11-07T08:30:00Z', 'America/Denver')).toBe('Sun, Nov 7, 2027, 1:30 AM MST');
  expect(zoneOffset(new Date('2027-03-13T16:00:00Z'), 'America/Denver')).toBe(-420);
  expect(zoneOffset(new Date('2027-03-15T16:00:00Z'), 'America/Denver')).toBe(-360);
});

test("given a reader in another zone, then their own time follows, with the day when it is another; in the programme's zone, nothing follows", () => {
  const nine = '2027-01-10T16:00:00Z';
  expect(momentForReader(nine, 'America/Denver', 'America/New_York')).toBe(
    'Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)',
  );
  expect(momentForReader('2027-01-10T06:30:00Z', 'America/Denver', 'America/New_York')).toBe(
    'Sat, Jan 9, 2027, 11:30 PM MST (Sun, Jan 10, 2027, 1:30 AM EST your time)',
  );
  expect(momentForReader(nine, 'America/Denver', 'America/Denver')).toBe('Sun, Jan 10, 2027, 9:00 AM MST');
  // Phoenix keeps MST all year: the same clock as Denver in winter, an hour behind in summer.
  expect(momentForReader(nine, 'America/Denver', 'America/Phoenix')).toBe('Sun, Jan 10, 2027, 9:00 AM MST');
  expect(momentForReader('2027-07-10T16:00:00Z', 'America/Denver', 'America/Phoenix')).toBe(
    'Sat, Jul 10, 2027, 10:00 AM MDT (9:00 AM MST your time)',
  );
});

test("given a datetime field typed on the programme's clock, then it is the moment of that clock on either side of a change", () => {
  expect(momentOfWallClock('2027-03-13T09:00', 'America/Denver')).toBe('2027-03-13T16:00:00.000Z');
  expect(momentOfWallClock('2027-03-14T09:00', 'America/Denver')).toBe('2027-03-14T15:00:00.000Z');
  // 2:30 AM does not happen that night: it is 3:30 AM on the new clock.
  expect(momentOfWallClock('2027-03-14T02:30', 'America/Denver')).toBe('2027-03-14T09:30:00.000Z');
  // 1:30 AM happens twice when the clocks go back: the first.
  expect(momentOfWallClock('2027-11-07T01:30', 'America/Denver')).toBe('2027-11-07T07:30:00.000Z');
  expect(momentOfWallClock('2027-01-10T09:00', 'UTC')).toBe('2027-01-10T09:00:00.000Z');
  expect(momentOfWallClock('', 'America/Denver')).toBeUndefined();
  expect(momentOfWallClock('2027-02-30T09:00:00', 'America/Denver')).toBeUndefined();
  for (const iso of ['2027-03-14T15:00:00.000Z', '2027-06-30T23:59:00.000Z'])
    expect(momentOfWallClock(wallClockOf(iso, 'America/Denver'), 'America/Denver')).toBe(iso);
  expect(wallClockOf('2027-03-14T15:00:00Z', 'America/Denver')).toBe('2027-03-14T09:00');
});

test('given a time zone name, then only an IANA name the runtime knows is one', () => {
  expect(isTimeZone('America/Denver')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  expect(isTimeZone('+05:00')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});

test("given a meeting's wall-clock time, then it reads on the 12-hour clock: midnight is 12:00 AM, noon 12:00 PM", () => {
  expect(clockText('00:00')).toBe('12:00 AM');
  expect(clockText('00:30')).toBe('12:30 AM');
  expect(clockText('09:05')).toBe('9:05 AM');
  expect(clockText('12:00')).toBe('12:00 PM');
  expect(clockText('13:30')).toBe('1:30 PM');
  expect(clockText('23:59')).toBe('11:59 PM');
  expect(meetingHours({ start: '09:00', end: '12:00' })).toBe('9:00 AM–12:00 PM');
});

test("given the programme's zone, then its name is the same in winter and summer, and UTC is UTC", () => {
  expect(zoneName('America/Denver', '2027-01-10')).toBe('MT');
  expect(zoneName('America/Denver', '2027-07-10')).toBe('MT');
  expect(zoneName('UTC', '2027-01-10')).toBe('UTC');
  expect(zoneName('Etc/UTC', '2027-07-10')).toBe('UTC');
});

test('given a meeting, then it reads as its day, its times and the zone, once', () => {
  expect(meetingText({ date: '2027-01-03', start: '09:00', end: '13:00' }, 'America/Denver')).toBe(
    'Sun, Jan 3, 2027, 9:00 AM–1:00 PM MT',
  );
  expect(meetingText({ date: '2027-07-04', start: '00:00', end: '12:00' }, 'UTC')).toBe(
    'Sun, Jul 4, 2027, 12:00 AM–12:00 PM UTC',
  );
});

describe("the yearly check's day is the programme's", () => {
  // 11 PM in Denver on Mar 2, 2027 (MST) is 6 AM on Mar 3 in UTC.
  const evening = '2027-03-03T06:00:00.000Z';

  test('given a confirmation at 11 PM in Denver, then it counts for that Denver day, not the next UTC one', () => {
    expect(dayOf(evening, 'America/Denver')).toBe('2027-03-02');
    expect(detailsNeedChecking(evening, '2027-03-02', 'America/Denver')).toBe(false);
    expect(detailsNeedChecking(evening, '2027-03-03', 'America/Denver')).toBe(true);
    expect(detailsNeedChecking(evening, '2027-03-03', 'UTC')).toBe(false);
    expect(detailsNeedChecking(undefined, '2027-03-02', 'America/Denver')).toBe(true);
    expect(detailsNeedChecking(undefined, undefined, 'America/Denver')).toBe(false);
    expect(detailsConfirmedLabel(evening, 'America/Denver')).toBe('Mar 2, 2027');
    expect(detailsConfirmedLabel(undefined, 'America/Denver')).toBe('never');
  });

  test("given the day to check since, then it may be the programme's today but not its tomorrow", () => {
    expect(detailsSinceProblem('2027-03-02', 'America/Denver', new Date(evening))).toBeUndefined();
    expect(detailsSinceProblem('2027-03-03', 'America/Denver', new Date(evening))).toBe(
      'must be today or earlier (America/Denver): until a later day comes, no confirmation would count and families could not enroll',
    );
    expect(detailsSinceProblem('2027-03-03', 'UTC', new Date(evening))).toBeUndefined();
  });
});
