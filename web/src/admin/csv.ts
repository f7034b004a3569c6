// CSV export of what an administrator sees (RFC 4180: quoted fields, CRLF rows), opened by spreadsheets.
import { momentText } from '@contract/moments';
import { downloadFile } from './download';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | undefined;
}

// A spreadsheet runs a cell starting with = + - @ (or a tab or CR) as a formula, and one whose list
// separator is ";" (most of continental Europe) splits a line there whatever the quotes. So each piece of
// text that starts the field, or follows a comma, semicolon, tab or line break, gets a ' when it starts like
// that, and every field is quoted. Numbers are the portal's own counts: they stay numbers.
const startsFormula = /^[=+\-@\t\r]/;
const formulaAfterSeparator = /([,;\t\r\n])(?=[=+\-@\t\r])/g;

function field(value: string | number | boolean | undefined): string {
  const text = value === undefined ? '' : String(value);
  const safe =
    typeof value === 'string'
      ? `${startsFormula.test(text) ? "'" : ''}${text.replace(formulaAfterSeparator, "$1'")}`
      : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * How a file writes a moment: on the programme's clock (`timeZone`), the zone named. Not the reader's time
 * beside it, as the screen has: a file is read on other machines, later.
 */
export const fileMoment = (timeZone: string) => (iso: string) => momentText(iso, timeZone);

export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  return [
    columns.map((column) => field(column.header)),
    ...rows.map((row) => columns.map((column) => field(column.value(row)))),
  ]
    .map((line) => `${line.join(',')}\r\n`)
    .join('');
}

/** Offers the text as a file download (with a BOM so Excel reads UTF-8). */
export function downloadCsv(filename: string, text: string): void {
  downloadFile(filename, ['\uFEFF', text], 'text/csv;charset=utf-8');
}

/** A file name from a title: "Winter 2027 rosters" → "winter-2027-rosters.csv". */
export function csvFileName(title: string): string {
  return `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.csv`;
}
