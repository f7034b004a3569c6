// iCalendar (RFC 5545) text: escaped values, CRLF line ends, lines folded at 75 octets.
import type { CalendarEvent } from '../contract/records';

// Every line break (LF, CR LF, a lone CR) becomes \n: a raw CR would end the line for some readers.
const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');

/** `2027-01-09T09:00` → `20270109T090000`: a floating local time, as the programme states its times. */
const localTime = (value: string) => `${value.replace(/[-:]/g, '')}00`;

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
}

export function toICalendar({ name, events, stamp }: CalendarDocument): string {
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
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.classId}-${localTime(event.start)}@registration-portal`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART:${localTime(event.start)}`,
      `DTEND:${localTime(event.end)}`,
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
