// The subscribable iCalendar feed, checked against the rules of RFC 5545 a calendar app relies on.
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { newClass, openSemester } from '../support/fixtures';
import { portalUrl } from '../support/portal';

/** The structural rules of RFC 5545 §3: CRLF lines of at most 75 octets, nested components, required properties. */
function rfc5545Problems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('does not end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  physical.forEach((line, index) => {
    if (line.includes('\n') || line.includes('\r')) problems.push(`line ${index + 1} has a bare line break`);
    if (Buffer.byteLength(line) > 75) problems.push(`line ${index + 1} is longer than 75 octets`);
  });
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const stack: Array<{ name: string; properties: Set<string> }> = [];
  for (const line of lines) {
    const name = line.slice(0, line.search(/[:;]/));
    if (!/^[A-Z0-9-]+$/.test(name)) problems.push(`"${line}" has no valid property name`);
    if (name === 'BEGIN') stack.push({ name: line.slice(6), properties: new Set() });
    else if (name === 'END') {
      const open = stack.pop();
      if (open?.name !== line.slice(4)) problems.push(`END:${line.slice(4)} closes ${open?.name ?? 'nothing'}`);
      const required =
        open?.name === 'VCALENDAR'
          ? ['VERSION', 'PRODID']
          : open?.name === 'VEVENT'
            ? ['UID', 'DTSTAMP', 'DTSTART']
            : [];
      for (const property of required)
        if (!open?.properties.has(property)) problems.push(`${open?.name} lacks ${property}`);
    } else stack.at(-1)?.properties.add(name);
  }
  if (stack.length) problems.push(`${stack.map((open) => open.name).join(', ')} never closed`);
  if (!lines[0]?.startsWith('BEGIN:VCALENDAR')) problems.push('does not start with BEGIN:VCALENDAR');
  return problems;
}

test('the whole programme and a single class are valid iCalendar feeds, their meetings as events', async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, {
    name: 'Ice, Snow; and "Rock" — a very long class name that certainly needs folding across lines',
    location: 'Frozen Falls, north face',
    meetings: [
      { date: semester.startDate, start: '09:00', end: '12:00' },
      { date: semester.endDate, start: '13:30', end: '15:00' },
    ],
  });
  const whole = await fetch(`${portalUrl()}/api/calendar.ics`);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const wholeText = await whole.text();
  expect(rfc5545Problems(wholeText)).toEqual([]);
  expect(wholeText).toContain('SUMMARY:Avalanche Safety Basics');

  const one = await (await fetch(`${portalUrl()}/api/calendar.ics?classId=${cls.id}`)).text();
  expect(rfc5545Problems(one)).toEqual([]);
  expect(one.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(one.replace(/\r\n /g, '')).toContain(
    'SUMMARY:Ice\\, Snow\\; and "Rock" — a very long class name that certainly needs folding across lines',
  );
  // On the programme's clock, its zone named and defined once.
  const day = (date: string) => date.replace(/-/g, '');
  expect(one).toContain(`DTSTART;TZID=${LOCAL_TIME_ZONE}:${day(semester.startDate)}T090000\r\n`);
  expect(one).toContain(`DTEND;TZID=${LOCAL_TIME_ZONE}:${day(semester.endDate)}T150000\r\n`);
  expect(one).toContain(`X-WR-TIMEZONE:${LOCAL_TIME_ZONE}\r\n`);
  expect(one.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
  expect(one).toContain(`BEGIN:VTIMEZONE\r\nTZID:${LOCAL_TIME_ZONE}\r\n`);
  expect(one.indexOf('END:VTIMEZONE')).toBeLessThan(one.indexOf('BEGIN:VEVENT'));
  expect(wholeText).toContain(`BEGIN:VTIMEZONE\r\nTZID:${LOCAL_TIME_ZONE}\r\n`);
  expect(one).toContain('LOCATION:Frozen Falls\\, north face');
});

test('an unknown or malformed class id is answered with the contract error', async () => {
  expect((await fetch(`${portalUrl()}/api/calendar.ics?classId=nope`)).status).toBe(404);
  const bad = await fetch(`${portalUrl()}/api/calendar.ics?classId=${encodeURIComponent('CLASS#1')}`);
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid-argument');
});
