// The counts to order read only a class's own counts: a size coded like an object's built-in member
// (toString, constructor) that no student has counts 0, never the member itself.
import { countRows, countsCsv, sizeColumns } from '../../web/src/admin/tshirts/shirtCounts';

const counts = {
  semester: { id: 's1', name: 'Winter', startDate: '2027-01-01', endDate: '2027-03-01', current: true },
  sizes: [
    { code: 'toString', label: 'Odd code' },
    { code: 'constructor', label: 'Retired odd code', retired: true },
    { code: 'YM', label: 'Youth M' },
  ],
  classes: [{ classId: 'c1', className: 'Nordic Skiing', counts: { YM: 2 } }],
  semesterCounts: { YM: 2 },
};

test('given sizes coded toString and constructor that no student has, then the columns leave out the retired one and every count is 0', () => {
  const columns = sizeColumns(counts);
  expect(columns.map((column) => column.code)).toEqual(['toString', 'YM']);
  const { classRows, semesterRow } = countRows(counts);
  expect(countsCsv([...classRows, semesterRow], columns)).toBe(
    [
      '"Class","Odd code","Youth M","Total"',
      '"Nordic Skiing","0","2","2"',
      '"Semester (each student once)","0","2","2"',
      '',
    ].join('\r\n'),
  );
});
