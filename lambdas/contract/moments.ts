// How a moment reads, on the site and in the portal's messages: in the programme's time zone (a programme
// lives in one), the day, the date and a 12-hour time with the zone named ("Sun, Jan 10, 2027, 9:00 AM MST"),
// the reader's own time beside it when theirs differs; and how a date standing alone reads. Moments are
// stored in UTC; only their text is zoned. A meeting's wall-clock times read on the same 12-hour clock, the zone
// named once ("9:00 AM–12:00 PM MT"). No schema here, so the web app can import it cheaply.

// One formatter per zone, made once: lists format thousands of dates.
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
};

const pad = (value: number) => String(value).padStart(2, '0');

const DAY = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' } as const;

/** A date (YYYY-MM-DD) as the site writes it on its own: "Mar 14, 2018". */
export const dateLabel = (date: string) =>
  formatIn('UTC', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

const partsOf = (at: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    formatIn(timeZone, options)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;

const dayText = (at: Date, timeZone: string) => {
  const day = partsOf(at, timeZone, DAY);
  return `${day.weekday}, ${day.month} ${day.day}, ${day.year}`;
};

/** "9:00 AM MST": midnight is 12:00 AM of the day it begins, never 24:00 of the day before. */
const timeText = (at: Date, timeZone: string) => {
  const time = partsOf(at, timeZone, TIME);
  return `${time.hour}:${time.minute} ${time.dayPeriod} ${time.timeZoneName}`;
};

/**
 * A wall-clock time as meetings store it ("13:30") on the 12-hour clock the site writes: "1:30 PM"; noon is
 * "12:00 PM", midnight "12:00 AM".
 */
export function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A meeting's times: "9:00 AM–12:00 PM" (the zone, zoneName, named once after them in a phrase). */
export const meetingHours = ({ start, end }: { start: string; end: string }) => `${clockText(start)}–${clockText(end)}`;

/**
 * The name of `timeZone` beside wall-clock times, the same in winter and summer ("MT" for America/Denver), as on
 * the day `date` (YYYY-MM-DD); ICU names UTC itself "GMT+0", which reads as an offset, so it is "UTC".
 */
export function zoneName(timeZone: string, date: string): string {
  const name = partsOf(new Date(`${date}T12:00:00Z`), timeZone, { timeZoneName: 'shortGeneric' }).timeZoneName;
  return name === 'GMT+0' ? 'UTC' : name;
}

/** A meeting on a line: "Sun, Jan 3, 2027, 9:00 AM–1:00 PM MT", its date and times on the clock of `timeZone`. */
export const meetingText = (meeting: { date: string; start: string; end: string }, timeZone: string) =>
  `${dayText(new Date(`${meeting.date}T00:00:00Z`), 'UTC')}, ${meetingHours(meeting)} ${zoneName(timeZone, meeting.date)}`;

/** The day (YYYY-MM-DD) a moment falls on, on the clock of `timeZone`. */
export const dayOf = (iso: string, timeZone: string) => wallClockOf(iso, timeZone).slice(0, 10);

/** A moment (ISO 8601) as "Sun, Jan 10, 2027, 9:00 AM MST", in `timeZone` (an IANA name). */
export function momentText(iso: string, timeZone: string): string {
  const at = new Date(iso);
  return `${dayText(at, timeZone)}, ${timeText(at, timeZone)}`;
}

/** The offset from UTC of `timeZone` at `at`, in minutes (Denver in winter: -420). */
export function zoneOffset(at: Date, timeZone: string): number {
  const wall = partsOf(at, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const asUtc = Date.UTC(+wall.year, +wall.month - 1, +wall.day, +wall.hour, +wall.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A moment in the programme's zone for a reader in `readerZone`: the reader's own time follows in brackets when
 * their clock shows another time then ("Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)"), with the day
 * when that differs too.
 */
export function momentForReader(iso: string, timeZone: string, readerZone: string): string {
  const programme = momentText(iso, timeZone);
  const at = new Date(iso);
  if (zoneOffset(at, timeZone) === zoneOffset(at, readerZone)) return programme;
  const sameDay = dayText(at, timeZone) === dayText(at, readerZone);
  const theirs = sameDay ? timeText(at, readerZone) : `${dayText(at, readerZone)}, ${timeText(at, readerZone)}`;
  return `${programme} (${theirs} your time)`;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as "America/Denver", or "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

/** A moment as a `datetime-local` field shows it ("2027-01-10T09:00") on the clock of `timeZone`. */
export function wallClockOf(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const local = new Date(at.getTime() + zoneOffset(at, timeZone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * The moment (ISO 8601) a `datetime-local` value ("2027-01-10T09:00") names on the clock of `timeZone`;
 * undefined when it is not a date and time. A time the clocks skip (2:30 AM the night they go forward) is the
 * moment an hour later on the new clock, and a time they show twice is the first of the two.
 */
export function momentOfWallClock(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  if (Number.isNaN(asUtc)) return undefined;
  // The offset an hour before and after: the first that maps back to the wall clock wins (the earlier moment).
  const offsets = [
    zoneOffset(new Date(asUtc - 86_400_000 / 2), timeZone),
    zoneOffset(new Date(asUtc + 86_400_000 / 2), timeZone),
  ];
  const candidates = [...new Set(offsets)]
    .map((offset) => asUtc - offset * 60_000)
    .sort((a, b) => a - b)
    .filter((moment) => wallClockOf(new Date(moment).toISOString(), timeZone) === local);
  const moment = candidates[0] ?? asUtc - Math.min(...offsets) * 60_000;
  return new Date(moment).toISOString();
}
