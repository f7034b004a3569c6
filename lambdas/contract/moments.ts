// How a moment reads, on the site and in the portal's messages: in the programme's time zone (a programme
// lives in one), the day, the date and a 12-hour time with the zone named ("Sun, Jan 10, 2027, 9:00 AM MST"),
// the reader's own time beside it when theirs differs; and how a date standing alone reads. Moments are
// stored in UTC; only their text is zoned. No schema here, so the web app can import it cheaply.

// One formatter per zone, made once: lists format thousands of dates.
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
};

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

const pad = (value: number) => String(value).padStart(2, '0');

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
