// A refusal's message in the caller's language (issue 34). The call sites write the spec's English; the answer's
// body is built in one place (handler.ts's errorMapping), which asks this module for the caller's words. A message
// is found in the language's table (locales/es-errors.ts) by its English: a key's `{name}` placeholders match the
// parts a template filled in, and carry them into the translation. A `{phrase:name}` placeholder matches a part
// that is itself a message of the table (the zod problem after "field: ", a grade range), which is translated too;
// a `{date:name}` part is a moment or a date as the portal writes it in English ("Sun, Jan 10, 2027, 9:00 AM MST",
// "Mar 14, 2018"), written the Spanish way ("dom, 10 ene 2027, 9:00 MST", "14 mar 2018").
// English, an unknown language and a message not in the table: the English, as written.
import { spanishErrors } from './locales/es-errors';

export type ErrorLanguage = 'en' | 'es';

const tables: Record<Exclude<ErrorLanguage, 'en'>, Record<string, string>> = { es: spanishErrors };

/**
 * The language of the caller's `Accept-Language` (RFC 9110: ranges with weights, best first): the first range
 * whose primary subtag is one the portal speaks; English when none is, or when there is no header.
 */
export function callerLanguage(acceptLanguage: string | undefined): ErrorLanguage {
  if (!acceptLanguage) return 'en';
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((p) => p.trim().match(/^q=([0-9.]+)$/i)?.[1]).find((q) => q !== undefined);
      return {
        primary: range.trim().toLowerCase().split('-')[0]!,
        q: weight === undefined ? 1 : Number(weight),
        index,
      };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) if (primary === 'en' || primary === 'es') return primary;
  return 'en';
}

const PLACEHOLDER = /\{(?:(phrase|date):)?([A-Za-z][A-Za-z0-9]*)\}/g;

type Kind = 'value' | 'phrase' | 'date';

interface Part {
  name: string;
  kind: Kind;
}

interface Entry {
  pattern: RegExp;
  parts: Part[];
  translation: string;
  /** How many characters of the key are its own words: the more, the more specific (tried first). */
  literal: number;
  /** Its own words between the placeholders, in order: a message without them all is passed over cheaply. */
  words: string[];
}

/** A message's placeholders, in order, as written: `{name}`, `{phrase:name}`, `{date:name}`. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((match) => match[0]);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entryOf(english: string, translation: string): Entry {
  const parts: Part[] = [];
  let source = '';
  let last = 0;
  let literal = 0;
  const words: string[] = [];
  for (const match of english.matchAll(PLACEHOLDER)) {
    words.push(english.slice(last, match.index));
    source += `${escaped(english.slice(last, match.index))}(.+?)`;
    literal += match.index - last;
    parts.push({ name: match[2]!, kind: (match[1] as Kind | undefined) ?? 'value' });
    last = match.index + match[0].length;
  }
  source += escaped(english.slice(last));
  words.push(english.slice(last));
  literal += english.length - last;
  return { pattern: new RegExp(`^${source}$`, 's'), parts, translation, literal, words: words.filter(Boolean) };
}

/** Whether `message` holds the words, in order (a cheap test before the pattern's). */
function holds(message: string, words: string[]): boolean {
  let from = 0;
  for (const word of words) {
    const at = message.indexOf(word, from);
    if (at < 0) return false;
    from = at + word.length;
  }
  return true;
}

interface Compiled {
  exact: Map<string, string>;
  templates: Entry[];
}

const compiled = new Map<string, Compiled>();

function compiledTable(language: Exclude<ErrorLanguage, 'en'>): Compiled {
  let table = compiled.get(language);
  if (!table) {
    const entries = Object.entries(tables[language]);
    table = {
      exact: new Map(entries.filter(([english]) => placeholdersOf(english).length === 0)),
      templates: entries
        .filter(([english]) => placeholdersOf(english).length > 0)
        .map(([english, translation]) => entryOf(english, translation))
        .sort((a, b) => b.literal - a.literal),
    };
    compiled.set(language, table);
  }
  return table;
}

/**
 * Longer messages stay English: a message can carry what a caller sent (a payload's unknown field), and a pattern of
 * several parts may backtrack over a long text. The longest the portal writes, with its names, is far shorter.
 */
const MAX_TRANSLATED = 2000;
/** How deep phrases nest at most ("field: " + a grade refusal + its grade range is 2). */
const MAX_DEPTH = 3;

/** The message in `language`, or undefined when its table has no entry that matches it. */
function translation(message: string, table: Compiled, depth = 0): string | undefined {
  const exact = table.exact.get(message);
  if (exact !== undefined) return exact;
  if (depth > MAX_DEPTH || message.length > MAX_TRANSLATED) return undefined;
  for (const entry of table.templates) {
    if (!holds(message, entry.words)) continue;
    const match = entry.pattern.exec(message);
    if (!match) continue;
    const values = new Map<string, string>();
    let fits = true;
    entry.parts.forEach((part, index) => {
      const value = match[index + 1]!;
      const said =
        part.kind === 'phrase'
          ? translation(value, table, depth + 1)
          : part.kind === 'date'
            ? spanishDate(value)
            : value;
      if (said === undefined) fits = false;
      else values.set(part.name, said);
    });
    if (fits) return entry.translation.replace(PLACEHOLDER, (whole, _kind, name: string) => values.get(name) ?? whole);
  }
  return undefined;
}

const WEEKDAYS: Record<string, string> = {
  Sun: 'dom',
  Mon: 'lun',
  Tue: 'mar',
  Wed: 'mié',
  Thu: 'jue',
  Fri: 'vie',
  Sat: 'sáb',
};
const MONTHS: Record<string, string> = {
  Jan: 'ene',
  Feb: 'feb',
  Mar: 'mar',
  Apr: 'abr',
  May: 'may',
  Jun: 'jun',
  Jul: 'jul',
  Aug: 'ago',
  Sep: 'sept',
  Oct: 'oct',
  Nov: 'nov',
  Dec: 'dic',
};
const MOMENT = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), ([A-Z][a-z]{2}) (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2}) (AM|PM) (\S+)$/;
const DATE = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/;

/**
 * A moment or a date as lambdas/contract/moments.ts writes it in English, the Spanish way: the day before the
 * month, a 24-hour clock, the zone as it is (as the Spanish e-mails write it). Anything else as it is.
 */
function spanishDate(text: string): string {
  const moment = MOMENT.exec(text);
  if (moment && MONTHS[moment[2]!]) {
    const [, weekday, month, day, year, hour, minute, period, zone] = moment;
    const hours = (Number(hour) % 12) + (period === 'PM' ? 12 : 0);
    return `${WEEKDAYS[weekday!]}, ${day} ${MONTHS[month!]} ${year}, ${hours}:${minute} ${zone}`;
  }
  const date = DATE.exec(text);
  if (date && MONTHS[date[1]!]) return `${date[2]} ${MONTHS[date[1]!]} ${date[3]}`;
  return text;
}

/** A refusal's message in the caller's language; English (or none asked), or a message the table lacks, as it is. */
export function messageIn(language: ErrorLanguage | undefined, message: string): string {
  if (language === undefined || language === 'en') return message;
  return translation(message, compiledTable(language)) ?? message;
}

/**
 * A refusal's details with each problem's message (`issues[].message`, the words a form shows under its field) in
 * the caller's language; every other part, the issues' `field` among them, as it is.
 */
export function detailsIn(language: ErrorLanguage, details: unknown): unknown {
  const issues = (details as { issues?: unknown } | null | undefined)?.issues;
  if (language === 'en' || !Array.isArray(issues)) return details;
  return {
    ...(details as object),
    issues: issues.map((issue: unknown) =>
      typeof (issue as { message?: unknown } | null)?.message === 'string'
        ? { ...(issue as object), message: messageIn(language, (issue as { message: string }).message) }
        : issue,
    ),
  };
}
