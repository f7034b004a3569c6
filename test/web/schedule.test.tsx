// How a class's meetings read on the site: their weekly times on the programme's 12-hour clock, its zone named
// once, the number of meetings and their span.
import { scheduleSummary } from '../../web/src/layout/schedule';

const saturdays = Array.from({ length: 8 }, (_, week) => ({
  date: new Date(Date.UTC(2027, 0, 2 + 7 * week)).toISOString().slice(0, 10),
  start: '09:00',
  end: '12:00',
}));

test("given a class meeting weekly, then its summary gives the day, the times on the programme's clock with its zone, and the span", () => {
  expect(scheduleSummary(saturdays, 'America/Denver')).toBe(
    'Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20',
  );
  expect(scheduleSummary(saturdays, 'UTC')).toBe('Saturdays 9:00 AM–12:00 PM UTC · 8 meetings, Jan 2 – Feb 20');
});

test('given two weekly slots, then they read in weekday order, the zone named once after both; more slots are counted, with no time to zone', () => {
  const sunday = { date: '2027-01-03', start: '12:00', end: '13:30' };
  expect(scheduleSummary([saturdays[0]!, sunday], 'America/Denver')).toBe(
    'Sundays 12:00 PM–1:30 PM, Saturdays 9:00 AM–12:00 PM MT · 2 meetings, Jan 2 – Jan 3',
  );
  const monday = { date: '2027-01-04', start: '00:00', end: '01:00' };
  expect(scheduleSummary([saturdays[0]!, sunday, monday], 'America/Denver')).toBe(
    '3 time slots · 3 meetings, Jan 2 – Jan 4',
  );
});

test('given no meetings, then the schedule is to be announced', () => {
  expect(scheduleSummary([], 'America/Denver')).toBe('Schedule to be announced');
});
