// The office's report of a class over time (Instructors → Attendance → Every meeting): a row per child, a column per
// meeting, each cell what the marks came to; the CSV a row per child and meeting with in, out and to whom.
import { screen, within } from '@testing-library/react';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { ClassAttendance } from '../../web/src/admin/instructors/ClassAttendance';
import { classAttendanceCsv } from '../../web/src/admin/instructors/attendanceCsv';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';
import { csvLine } from '../support/csv';

const report = {
  class: { id: 'nordic', name: 'Nordic Skiing' },
  days: ['2027-01-17', '2027-01-24'],
  children: [
    {
      studentId: 'ben',
      name: 'Ben Tester',
      meetings: [
        {
          date: '2027-01-17',
          attended: 'present',
          checkedInAt: '2027-01-17T16:02:00.000Z',
          checkedOutAt: '2027-01-17T19:05:00.000Z',
          pickedUpBy: 'Uncle Bob',
          flagged: true,
        },
        { date: '2027-01-24', absence: { note: 'Sick', reportedAt: '2027-01-23T20:00:00.000Z' } },
      ],
    },
    {
      studentId: 'ada',
      name: 'Ada Tester',
      meetings: [{ date: '2027-01-17', attended: 'absent' }, { date: '2027-01-24' }],
    },
  ],
} as unknown as FunctionResult<'classAttendance'>;

test('a row per child, a column per meeting, each cell what the marks came to', async () => {
  answeringCalls(() => report);
  await renderAsAdmin(<ClassAttendance classId="nordic" />);
  const table = await screen.findByRole('table', { name: 'Attendance of Nordic Skiing, every meeting' });
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['Child', 'Jan 17', 'Jan 24'],
    ['Ben Tester', 'Present (check-out off the list)', 'Reported absent'],
    ['Ada Tester', 'Absent', ''],
  ]);
});

test('the CSV has a row per child and meeting, with in, out, to whom and the absence reported', () => {
  const lines = classAttendanceCsv(report.children)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toEqual([
    csvLine(
      'Child',
      'Meeting',
      'Marked',
      'Checked in at',
      'Checked out at',
      'Picked up by',
      'Flagged',
      'Absence reported',
    ),
    csvLine(
      'Ben Tester',
      '2027-01-17',
      'present',
      '2027-01-17T16:02:00.000Z',
      '2027-01-17T19:05:00.000Z',
      'Uncle Bob',
      'yes',
      '',
    ),
    csvLine('Ben Tester', '2027-01-24', '', '', '', '', '', 'Sick'),
    csvLine('Ada Tester', '2027-01-17', 'absent', '', '', '', '', ''),
    csvLine('Ada Tester', '2027-01-24', '', '', '', '', '', ''),
  ]);
});
