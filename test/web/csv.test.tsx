import { csvFileName, toCsv } from '../../web/src/admin/csv';

test('CSV fields are quoted when they hold commas, quotes or line breaks, and formulas stay text', () => {
  const rows = [{ name: 'Smith, Sam', note: 'says "hi"\nbye', size: '=SUM(A1)' }];
  const text = toCsv(rows, [
    { header: 'Name', value: (r) => r.name },
    { header: 'Note', value: (r) => r.note },
    { header: 'Size', value: (r) => r.size },
  ]);
  expect(text).toBe('Name,Note,Size\r\n"Smith, Sam","says ""hi""\nbye",\'=SUM(A1)\r\n');
});

test('a file name is made from a title', () => {
  expect(csvFileName('Winter 2027 — rosters')).toBe('winter-2027-rosters.csv');
});
