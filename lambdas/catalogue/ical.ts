// iCalendar (RFC 5545) text: escaped values, CRLF line ends, lines folded at 75 octets. Meetings are on the
// programme's clock: their times name its zone (TZID), defined once in a VTIMEZONE block; for UTC, or a zone
// the tz library does not know, they are written in UTC instead.
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { momentOfWallClock } from '../contract/moments';
import type { CalendarEvent } from '../contract/records';

// Every line break (LF, CR LF, a lone CR) becomes \n: a raw CR would end the line for some readers.
const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');

/** `2027-01-09T09:00` → `20270109T090000`: the wall-clock time, as the programme states its times. */
const localTime = (value: string) => `${value.replace(/[-:]/g, '')}00`;

/** A wall-clock time on the clock of `timeZone` as the moment in UTC: `2027-01-09T09:00` in Denver → `20270109T160000Z`. */
function utcTime(local: string, timeZone: string): string {
  const moment = momentOfWallClock(local, timeZone);
  if (!moment) throw new Error(`Not a date and time: ${local}`);
  return moment.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

interface ZoneDefinition {
  /** The library's name for the zone (an alias such as `US/Mountain` is `America/Denver`). */
  tzid: string;
  /** The VTIMEZONE block, a line each. */
  lines: string[];
}

// Made once per zone: the library builds its whole table on each call.
const zoneDefinitions = new Map<string, ZoneDefinition | undefined>();

/** The zone's VTIMEZONE, or undefined for UTC and for a zone the library does not know (it would log an error). */
function zoneDefinition(timeZone: string): ZoneDefinition | undefined {
  if (zoneDefinitions.has(timeZone)) return zoneDefinitions.get(timeZone);
  let definition: ZoneDefinition | undefined;
  const block = (tzlib_get_timezones() as string[]).includes(timeZone) ? tzlib_get_ical_block(timeZone) : '';
  if (Array.isArray(block) && block.length === 2) {
    const [text, tzidLine] = block as [string, string];
    const tzid = tzidLine.replace(/^TZID=/, '');
    if (tzid !== 'Etc/UTC') definition = { tzid, lines: text.split(/\r\n|\n/) };
  }
  zoneDefinitions.set(timeZone, definition);
  return definition;
}

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end -= 1; // never split a UTF-8 character
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // a continuation line starts with a space
  }
  return parts.join('\r\n ');
}

export interface CalendarDocument {
  name: string;
  events: Array<CalendarEvent & { description?: string }>;
  /** The moment the document is made (DTSTAMP). */
  stamp: Date;
  /** The programme's time zone (an IANA name): the meetings' wall-clock times are on its clock. */
  timeZone: string;
}

export function toICalendar({ name, events, stamp, timeZone }: CalendarDocument): string {
  const dtstamp = stamp
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mountain School//Registration Portal//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  const zone = zoneDefinition(timeZone);
  if (zone) lines.push(`X-WR-TIMEZONE:${zone.tzid}`, ...zone.lines);
  const time = (local: string) => (zone ? `;TZID=${zone.tzid}:${localTime(local)}` : `:${utcTime(local, timeZone)}`);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.classId}-${localTime(event.start)}@registration-portal`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART${time(event.start)}`,
      `DTEND${time(event.end)}`,
      // A cancelled meeting stays in the feed, so calendar apps strike it rather than lose it.
      ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
      `SUMMARY:${escapeText(event.cancelled ? `Cancelled: ${event.title}` : event.title)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
