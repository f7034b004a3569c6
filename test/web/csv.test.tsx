import { csvFileName, toCsv } from '../../web/src/admin/csv';

/** The one field a value exports as (after the header line, before the row's CRLF). */
const one = (value: string | number | boolean | undefined) =>
  toCsv([{ value }], [{ header: 'Value', value: (r) => r.value }]).slice('"Value"\r\n'.length, -2);

test('every field is quoted, quotes doubled, line breaks kept inside the field', () => {
  const rows = [{ name: 'Smith, Sam', note: 'says "hi"\nbye', size: 'YM' }];
  const text = toCsv(rows, [
    { header: 'Name', value: (r) => r.name },
    { header: 'Note', value: (r) => r.note },
    { header: 'Size', value: (r) => r.size },
  ]);
  expect(text).toBe('"Name","Note","Size"\r\n"Smith, Sam","says ""hi""\nbye","YM"\r\n');
});

test.each([
  ['=SUM(A1)', `"'=SUM(A1)"`],
  ['+1+1', `"'+1+1"`],
  ['-1+1', `"'-1+1"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\t=1', `"'\t'=1"`],
  ['\r=1', `"'\r'=1"`],
])('a field starting like a formula (%j) stays text', (text, field) => {
  expect(one(text)).toBe(field);
});

test.each([
  // Spreadsheets that take ";" as the list separator (most of continental Europe) split there.
  ['Smith;=1+1', `"Smith;'=1+1"`],
  ['Smith;@SUM(A1)', `"Smith;'@SUM(A1)"`],
  ['a;b;+cmd', `"a;b;'+cmd"`],
  ['Smith,=1+1', `"Smith,'=1+1"`],
  ['Smith,-2+3', `"Smith,'-2+3"`],
  ['Smith\t=1+1', `"Smith\t'=1+1"`],
  ['line one\n=HYPERLINK("http://x")', `"line one\n'=HYPERLINK(""http://x"")"`],
  ['line one\r\n@cmd', `"line one\r\n'@cmd"`],
])('a piece after a separator or a line break that starts like a formula (%j) stays text', (text, field) => {
  expect(one(text)).toBe(field);
});

test('text that only holds those signs elsewhere is left as it is', () => {
  expect(one('Smith-Jones; Lee, Kim')).toBe('"Smith-Jones; Lee, Kim"');
  expect(one('Robin (mother) +1 555 010 2030')).toBe('"Robin (mother) +1 555 010 2030"');
  expect(one('a@example.org')).toBe('"a@example.org"');
});

test('numbers and booleans export as their values: a negative count stays a number', () => {
  expect(one(-3)).toBe('"-3"');
  expect(one(2.5)).toBe('"2.5"');
  expect(one(true)).toBe('"true"');
  expect(one(undefined)).toBe('""');
});

test('a file name is made from a title', () => {
  expect(csvFileName('Winter 2027 — rosters')).toBe('winter-2027-rosters.csv');
});
