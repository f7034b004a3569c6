// How a moment reads, on the site (in the reader's time zone) and in the portal's messages (in UTC): the day,
// the date and a 24-hour time with the zone named; and how a date standing alone reads. No schema here, so
// the web app can import it cheaply.

// One formatter, made once: lists format thousands of dates.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date (YYYY-MM-DD) as the site writes it on its own: "Mar 14, 2018". */
export const dateLabel = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

const momentParts = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone && { timeZone }),
  });

/**
 * A moment (ISO 8601) as "Sun, Jan 3, 2027, 23:59 MST", in `timeZone` (the reader's when none is given). A
 * moment at midnight is the end of the day before ("Sun, Jan 3, 2027, 24:00 MST"), never the next day's
 * 00:00, which reads as a day more.
 */
export function momentText(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  const parts = (date: Date) =>
    Object.fromEntries(
      momentParts(timeZone)
        .formatToParts(date)
        .map(({ type, value }) => [type, value]),
    );
  const now = parts(at);
  const midnight = now.hour === '00' && now.minute === '00';
  // The day before in its own zone: an hour earlier is that day in every zone.
  const day = midnight ? parts(new Date(at.getTime() - 3_600_000)) : now;
  const time = midnight ? '24:00' : `${now.hour}:${now.minute}`;
  return `${day.weekday}, ${day.month} ${day.day}, ${day.year}, ${time} ${now.timeZoneName}`;
}
