// What every Spanish e-mail shares (issue 34): dates and times by Intl in Spanish on the programme's clock, the
// contact's line, lists of names, plurals, and the class details a family reads before the first meeting. Usted
// throughout, the glossary's words (docs/i18n.md): inscripción, lista de espera, lugar, temporada, tutor/a, sorteo.
// The English e-mails keep their own helpers (notices.ts, moments.ts), which these mirror.
import type { Class, Meeting } from '../contract/records';
import { link, paragraph, type MailBlock } from '../contract/mail/mailBlocks';
import type { MailSite } from '../contract/mail/announcement';

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('es', { ...options, timeZone })));
  return format;
};

const calendarDay = (date: string) => new Date(`${date}T12:00:00Z`);

/** A date (YYYY-MM-DD) with its weekday: "dom, 10 ene 2027". */
const dayTextEs = (date: string) =>
  formatIn('UTC', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(calendarDay(date));

/** A date without its year, as a subject says it: "dom, 10 ene". */
export const shortDayEs = (date: string) =>
  formatIn('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(calendarDay(date));

/** A date without weekday: "10 ene". */
const monthDayEs = (date: string) => formatIn('UTC', { day: 'numeric', month: 'short' }).format(calendarDay(date));

/** A date in full: "10 de enero de 2027". */
export const longDateEs = (date: string) =>
  formatIn('UTC', { day: 'numeric', month: 'long', year: 'numeric' }).format(calendarDay(date));

/** A wall-clock time as meetings store it ("13:30") on the 24-hour clock Spanish readers use: "13:30", "9:00". */
const clockEs = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours}:${String(minutes).padStart(2, '0')}`;
};

export const hoursEs = ({ start, end }: { start: string; end: string }) => `${clockEs(start)}–${clockEs(end)}`;

/** The programme's clock named beside wall-clock times: "hora de Denver" (UTC itself: "UTC"). */
function zoneEs(timeZone: string, date: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const part = formatIn(timeZone, { timeZoneName: 'shortGeneric' })
    .formatToParts(calendarDay(date))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A meeting on a line: "dom, 3 ene 2027, 9:00–13:00 (hora de Denver)". */
export const meetingTextEs = (meeting: { date: string; start: string; end: string }, timeZone: string) =>
  `${dayTextEs(meeting.date)}, ${hoursEs(meeting)} (${zoneEs(timeZone, meeting.date)})`;

/** A moment (ISO 8601) on the programme's clock: "mar, 5 ene 2027, 11:00 GMT-7". */
export function momentTextEs(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    formatIn(timeZone, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}, ${Number(parts.hour)}:${parts.minute} ${parts.timeZoneName}`;
}

const plural = new Intl.PluralRules('es');

/** A count with its noun: "1 hora", "48 horas". */
export const countEs = (count: number, one: string, other: string) =>
  `${count} ${plural.select(count) === 'one' ? one : other}`;

/** "Ada", "Ada y Ben", "Ada, Ben y Cy" (Intl's list: "e" before an "i" sound is its own). */
export function andListEs(names: string[]): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(names);
}

export const contactLineEs = (site: MailSite, ask: string): MailBlock =>
  site.contactEmail
    ? paragraph(`${ask} Escríbanos a `, link(site.contactEmail, `mailto:${site.contactEmail}`), '.')
    : paragraph(`${ask} Responda a este correo.`);

/** The family's pages, by the names the Spanish portal gives them. */
export const myEnrollmentsEs = (site: MailSite) => link('Mis inscripciones', `${site.siteUrl}/account/enrollments`);
export const registrationEs = (site: MailSite) => link('Inscripción a clases', `${site.siteUrl}/classes/enrollment`);

export const enrollmentsButtonEs = (site: MailSite): MailBlock => ({
  button: { label: 'Ver sus inscripciones', url: `${site.siteUrl}/account/enrollments` },
});

/** Each weekday, alone and in the plural ("8 domingos"). */
const WEEKDAYS: Array<[string, string]> = [
  ['domingo', 'domingos'],
  ['lunes', 'lunes'],
  ['martes', 'martes'],
  ['miércoles', 'miércoles'],
  ['jueves', 'jueves'],
  ['viernes', 'viernes'],
  ['sábado', 'sábados'],
];

/** A class's meetings in a phrase: "8 domingos, 3 ene – 21 feb, 9:00–13:00 (hora de Denver)". */
export function shortScheduleEs(meetings: Meeting[], timeZone: string): string {
  if (meetings.length === 0) return 'Fechas por anunciar';
  const sorted = [...meetings].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const weekdayOf = (date: string) => calendarDay(date).getUTCDay();
  const weekdays = new Set(sorted.map((meeting) => weekdayOf(meeting.date)));
  const [one, many] = WEEKDAYS[weekdayOf(first.date)]!;
  const count =
    sorted.length === 1 ? one : weekdays.size === 1 ? countEs(sorted.length, one, many) : `${sorted.length} sesiones`;
  const span =
    first.date === last.date ? monthDayEs(first.date) : `${monthDayEs(first.date)} – ${monthDayEs(last.date)}`;
  const times = new Set(sorted.map(hoursEs));
  return `${count}, ${span}, ${times.size === 1 ? `${[...times][0]} (${zoneEs(timeZone, first.date)})` : 'horario variable (vea las fechas)'}`;
}

/**
 * A class's details as a family needs them before the first meeting: what to bring as the administrators wrote it in
 * Spanish, else as they wrote it.
 */
export function classDetailsEs(cls: Class, timeZone: string, waitlistPosition?: number): MailBlock {
  const whatToBring = cls.es?.whatToBring ?? cls.whatToBring;
  const meetings = [...cls.meetings].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  const rows = [
    { label: 'Cuándo', lines: [shortScheduleEs(meetings, timeZone)] },
    ...(meetings.length > 1
      ? [
          {
            label: 'Fechas',
            lines: meetings.map((m) => `${meetingTextEs(m, timeZone)}${m.cancelled ? ' (cancelada)' : ''}`),
          },
        ]
      : []),
    ...(cls.location ? [{ label: 'Dónde', lines: [cls.location] }] : []),
    ...(cls.instructor ? [{ label: 'Instructor/a', lines: [cls.instructor] }] : []),
    ...(whatToBring ? [{ label: 'Qué traer', lines: whatToBring.split(/\r?\n/).filter(Boolean) }] : []),
    ...(waitlistPosition ? [{ label: 'Número en la lista de espera', lines: [String(waitlistPosition)] }] : []),
  ];
  return { details: { title: cls.name, rows } };
}

/** A date standing alone: "17 ene 2027". */
export const dateLabelEs = (date: string) =>
  formatIn('UTC', { day: 'numeric', month: 'short', year: 'numeric' }).format(calendarDay(date));
