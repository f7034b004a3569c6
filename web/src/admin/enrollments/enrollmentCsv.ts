// The enrollment list as a spreadsheet: what the screen shows, filtered the same way.
import { gradeName } from '@contract/grades';
import type { SemesterEnrollment } from '@contract/records';
import { toCsv, type CsvColumn } from '../csv';
import { guardianEmailsText } from '../students/studentSheet';
import { statusLabel } from './enrollmentFilters';

export function enrollmentCsv(rows: SemesterEnrollment[], groupNames: Map<string, string>): string {
  const columns: CsvColumn<SemesterEnrollment>[] = [
    { header: 'First name', value: (row) => row.student.firstName },
    { header: 'Last name', value: (row) => row.student.lastName },
    { header: 'Grade', value: (row) => (row.student.grade === undefined ? '' : gradeName(row.student.grade)) },
    { header: 'Class', value: (row) => row.className },
    { header: 'Status', value: statusLabel },
    { header: 'Group', value: (row) => (row.groupId ? (groupNames.get(row.groupId) ?? row.groupId) : '') },
    { header: 'Family e-mail', value: guardianEmailsText },
    { header: 'Since', value: (row) => row.createdAt.slice(0, 10) },
  ];
  return toCsv(rows, columns);
}
