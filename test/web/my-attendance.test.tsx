// My Enrollments → Attendance: a family reads what the instructors marked for its children, class by class, only the
// meetings with something marked or reported; a check-out to an adult off the pick-up list says the office knows.
import { screen, within } from '@testing-library/react';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { AttendanceSection } from '../../web/src/account/AttendanceSection';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';

const answer: FunctionResult<'myAttendance'> = {
  children: [
    {
      studentId: 'ben',
      name: 'Ben Tester',
      classes: [
        {
          classId: 'nordic',
          className: 'Nordic Skiing',
          meetings: [
            {
              date: '2027-01-17',
              attended: 'present',
              checkedInAt: '2027-01-17T16:02:00.000Z',
              checkedOutAt: '2027-01-17T19:05:00.000Z',
              pickedUpBy: 'Uncle Bob',
              flagged: true,
            },
            { date: '2027-01-24', absence: { note: 'Ben is sick', reportedAt: '2027-01-23T20:00:00.000Z' } },
            { date: '2027-01-31' },
          ],
        },
        { classId: 'ice', className: 'Ice Climbing', meetings: [{ date: '2027-02-07' }] },
      ],
    },
    { studentId: 'ada', name: 'Ada Tester', classes: [] },
  ],
};

beforeEach(async () => {
  answeringCalls(() => answer);
  await renderAsAdmin(<AttendanceSection />);
});

test('each class of each child lists the meetings marked or reported, with in, out and to whom', async () => {
  const table = await screen.findByRole('table', { name: 'Attendance of Ben Tester in Nordic Skiing' });
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    [
      'Jan 17, 2027',
      'Present',
      expect.stringMatching(/^\d{1,2}:02 (AM|PM)$/),
      expect.stringMatching(/^\d{1,2}:05 (AM|PM), to Uncle Bob \(not on the pick-up list: the office was told\)$/),
    ],
    ['Jan 24, 2027', '— (you reported: Ben is sick)', '—', '—'],
  ]);
  // A class with nothing marked yet says so; a child in no class is not listed.
  expect(screen.getByRole('heading', { name: 'Ben Tester in Ice Climbing' })).toBeInTheDocument();
  expect(screen.getByText('Nothing marked or reported yet.')).toBeInTheDocument();
  expect(screen.queryByText(/Ada Tester/)).not.toBeInTheDocument();
});
