// The enrollment list as a spreadsheet: what the screen shows, filtered the same way.
import { gradeName } from '@contract/grades';
import { wallClockOf } from '@contract/moments';
import type { SemesterEnrollment } from '@contract/records';
import { fileMoment, toCsv, type CsvColumn } from '../csv';
import { guardianEmailsText, statusLabel } from '../students/studentSheet';

/** Its moments on the clock of `timeZone`, the programme's. */
export function enrollmentCsv(rows: SemesterEnrollment[], groupNames: Map<string, string>, timeZone: string): string {
  const moment = fileMoment(timeZone);
  const columns: CsvColumn<SemesterEnrollment>[] = [
    { header: 'First name', value: (row) => row.student.firstName },
    { header: 'Last name', value: (row) => row.student.lastName },
    { header: 'Grade', value: (row) => (row.student.grade === undefined ? '' : gradeName(row.student.grade)) },
    { header: 'Class', value: (row) => row.className },
    { header: 'Status', value: (row) => statusLabel(row, moment) },
    { header: 'Group', value: (row) => (row.groupId ? (groupNames.get(row.groupId) ?? row.groupId) : '') },
    { header: 'Family e-mail', value: guardianEmailsText },
    // The day on the programme's clock: an evening enrollment is not the next day's.
    { header: 'Since', value: (row) => wallClockOf(row.createdAt, timeZone).slice(0, 10) },
  ];
  return toCsv(rows, columns);
}
