// iCalendar text values (RFC 5545 §3.3.11): a line break of any kind in a value is written as \n, so no
// value can end its line early or start a property of its own. Times are on the programme's clock: its zone named
// (TZID) and defined once (VTIMEZONE), or in UTC.
import { type CalendarDocument, toICalendar } from '../../lambdas/catalogue/ical';

const event = { classId: 'nordic', start: '2027-01-09T09:00', end: '2027-01-09T11:00', location: '', title: '' };
const timeZone = 'America/Denver';

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
    timeZone,
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
    timeZone,
  });
  expect(document).toContain('UID:nordic-20270109T090000@registration-portal');
  expect(document).toContain('STATUS:CANCELLED\r\nSUMMARY:Cancelled: Nordic\r\n');
  expect(document.match(/STATUS:CANCELLED/g)).toHaveLength(1);
  expect(document).toContain('SUMMARY:Nordic\r\n');
});

// The Saturday before and the Monday after the clocks go forward (Sunday 14 March 2027 in Denver).
const aroundTheChange = [
  { ...event, title: 'Before', start: '2027-03-13T09:00', end: '2027-03-13T11:00' },
  { ...event, title: 'After', start: '2027-03-15T09:00', end: '2027-03-15T11:00' },
];
const calendarIn = (zone: string, make: (document: CalendarDocument) => string = toICalendar) =>
  make({ name: 'Classes', events: aroundTheChange, stamp: new Date('2027-01-01T00:00:00Z'), timeZone: zone });
const linesOf = (document: string) => document.replace(/\r\n /g, '').slice(0, -2).split('\r\n');
/** The events' times (the zone's own DTSTART lines left out). */
const timesOf = (document: string) => {
  const lines = linesOf(document);
  return lines.slice(lines.indexOf('BEGIN:VEVENT')).filter((line) => /^DT(START|END)[:;]/.test(line));
};

test("in a programme's zone, the times name it and keep the wall clock on either side of a daylight-saving change", () => {
  expect(timesOf(calendarIn(timeZone))).toEqual([
    'DTSTART;TZID=America/Denver:20270313T090000',
    'DTEND;TZID=America/Denver:20270313T110000',
    'DTSTART;TZID=America/Denver:20270315T090000',
    'DTEND;TZID=America/Denver:20270315T110000',
  ]);
});

test('the zone is defined once, by the tz rules, after the header and before the first event', () => {
  const lines = linesOf(calendarIn(timeZone));
  expect(lines.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
  const begin = lines.indexOf('BEGIN:VTIMEZONE');
  const block = lines.slice(begin, lines.indexOf('END:VTIMEZONE') + 1);
  expect(block[1]).toBe('TZID:America/Denver');
  expect(block).toEqual(expect.arrayContaining(['BEGIN:STANDARD', 'END:STANDARD', 'BEGIN:DAYLIGHT', 'END:DAYLIGHT']));
  expect(block).toEqual(expect.arrayContaining(['TZNAME:MST', 'TZOFFSETTO:-0700', 'TZNAME:MDT', 'TZOFFSETTO:-0600']));
  expect(lines.slice(0, begin)).toEqual([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mountain School//Registration Portal//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Classes',
    'X-WR-TIMEZONE:America/Denver',
  ]);
  expect(lines.indexOf('BEGIN:VEVENT')).toBe(begin + block.length);
});

test('in UTC, the times are written in UTC (Z) and no zone is defined', () => {
  const document = calendarIn('UTC');
  expect(timesOf(document)).toEqual([
    'DTSTART:20270313T090000Z',
    'DTEND:20270313T110000Z',
    'DTSTART:20270315T090000Z',
    'DTEND:20270315T110000Z',
  ]);
  expect(document).not.toMatch(/VTIMEZONE|X-WR-TIMEZONE|TZID/);
  expect(document).toContain('UID:nordic-20270313T090000@registration-portal');
});

test('a zone the tz library does not know: the wall clock is turned into UTC, an hour apart across the change', async () => {
  let withoutDenver: typeof toICalendar = toICalendar;
  await jest.isolateModulesAsync(async () => {
    jest.doMock('timezones-ical-library', () => ({
      tzlib_get_timezones: () => ['UTC'],
      tzlib_get_ical_block: () => '',
    }));
    withoutDenver = (await import('../../lambdas/catalogue/ical')).toICalendar;
  });
  expect(withoutDenver).not.toBe(toICalendar);
  const document = calendarIn(timeZone, withoutDenver);
  expect(timesOf(document)).toEqual([
    'DTSTART:20270313T160000Z',
    'DTEND:20270313T180000Z',
    'DTSTART:20270315T150000Z',
    'DTEND:20270315T170000Z',
  ]);
  expect(document).not.toMatch(/VTIMEZONE|X-WR-TIMEZONE|TZID/);
  // The UID names the meeting as the programme states it, whatever the form of its times.
  expect(document).toContain('UID:nordic-20270313T090000@registration-portal');
});
