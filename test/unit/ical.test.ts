// iCalendar text values (RFC 5545 §3.3.11): a line break of any kind in a value is written as \n, so no
// value can end its line early or start a property of its own.
import { toICalendar } from '../../lambdas/catalogue/ical';

const event = { classId: 'nordic', start: '2027-01-09T09:00', end: '2027-01-09T11:00', location: '', title: '' };

test.each([
  ['a lone CR', 'Nordic\rEND:VEVENT', 'Nordic\\nEND:VEVENT'],
  ['CR LF', 'Nordic\r\nATTENDEE:x', 'Nordic\\nATTENDEE:x'],
  ['LF', 'Nordic\nX', 'Nordic\\nX'],
  ['the special characters', 'a\\b;c,d', 'a\\\\b\\;c\\,d'],
])('%s in a value is escaped and no raw CR or LF is left inside a line', (_case, text, escaped) => {
  const document = toICalendar({
    name: text,
    events: [{ ...event, title: text, location: text, description: text }],
    stamp: new Date('2027-01-01T00:00:00Z'),
  });
  const lines = document.slice(0, -2).split('\r\n');
  expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
  for (const property of ['X-WR-CALNAME', 'SUMMARY', 'LOCATION', 'DESCRIPTION'])
    expect(lines).toContain(`${property}:${escaped}`);
});

test('a cancelled meeting stays in the feed, marked cancelled (STATUS and its title), so calendar apps strike it', () => {
  const document = toICalendar({
    name: 'Classes',
    events: [
      { ...event, title: 'Nordic', cancelled: true },
      { ...event, start: '2027-01-16T09:00', end: '2027-01-16T11:00', title: 'Nordic' },
    ],
    stamp: new Date('2027-01-01T00:00:00Z'),
  });
  expect(document).toContain('UID:nordic-20270109T090000@registration-portal');
  expect(document).toContain('STATUS:CANCELLED\r\nSUMMARY:Cancelled: Nordic\r\n');
  expect(document.match(/STATUS:CANCELLED/g)).toHaveLength(1);
  expect(document).toContain('SUMMARY:Nordic\r\n');
});
