// A moment reads as the day, the date and a 24-hour time with the zone named; midnight is the end of the day
// before, so a window that closes at 00:00 does not read as a day more.
import { momentText } from '../../lambdas/contract/moments';

test('given a moment, then it reads with the weekday, the date, a 24-hour time and the zone, in that zone', () => {
  expect(momentText('2027-01-04T06:59:00Z', 'America/Denver')).toBe('Sun, Jan 3, 2027, 23:59 MST');
  expect(momentText('2027-07-04T18:30:00Z', 'America/Denver')).toBe('Sun, Jul 4, 2027, 12:30 MDT');
  expect(momentText('2027-01-04T06:59:00Z', 'UTC')).toBe('Mon, Jan 4, 2027, 06:59 UTC');
});

test('given a window that closes at midnight, then it reads as 24:00 of the day before, not 00:00 of the day after', () => {
  expect(momentText('2027-01-04T07:00:00Z', 'America/Denver')).toBe('Sun, Jan 3, 2027, 24:00 MST');
  expect(momentText('2027-01-01T00:00:00Z', 'UTC')).toBe('Thu, Dec 31, 2026, 24:00 UTC');
  // The night clocks go forward: midnight is still the end of the day before.
  expect(momentText('2027-03-28T00:00:00+01:00', 'Europe/Berlin')).toBe('Sat, Mar 27, 2027, 24:00 GMT+1');
  expect(momentText('2027-01-04T07:01:00Z', 'America/Denver')).toBe('Mon, Jan 4, 2027, 00:01 MST');
});
