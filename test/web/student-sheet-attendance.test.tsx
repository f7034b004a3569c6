// A student's sheet shows the child's attendance: each meeting of each class it is enrolled in with every mark in
// the order made, by whom, and the absence its family reported (studentAttendance, asked once for the classes the
// child holds a seat in); nothing recorded, or nothing to load, says so; a failure says so, with Retry.
import { ThemeProvider } from '@mui/material/styles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceEvent } from '../../lambdas/contract/classDay';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import type { Student } from '../../lambdas/contract/records';
import type { StudentRow } from '../../web/src/admin/students/semesterStudents';
import { StudentSheetDialog } from '../../web/src/admin/students/StudentSheetDialog';
import { theme } from '../../web/src/layout/theme';
import { renderAsAdmin, TEST_RUNTIME } from '../support/adminScreen';

const ben = {
  id: 'ben',
  firstName: 'Ben',
  lastName: 'Tester',
  birthDate: '2015-04-02',
  grade: 3,
  tshirtSize: 'YM',
  photoConsent: true,
  emergencyContacts: [],
  pickupAdults: [],
} as unknown as Student;

const row: StudentRow = {
  id: 'ben',
  student: ben,
  guardianEmail: 'pat@example.org',
  classes: [
    { classId: 'nordic', className: 'Nordic Skiing', status: 'enrolled' },
    { classId: 'camping', className: 'Camping', status: 'waitlisted', waitlistPosition: 2 },
  ],
};

const event = (key: string, kind: AttendanceEvent['kind'], at: string, byEmail: string, extra = {}) =>
  ({
    key,
    kind,
    classId: 'nordic',
    date: at.slice(0, 10),
    studentId: 'ben',
    at,
    deviceId: 'phone-1',
    by: byEmail,
    byEmail,
    recordedAt: at,
    ...extra,
  }) as AttendanceEvent;

const attendance: FunctionResult<'studentAttendance'> = {
  classes: [
    {
      classId: 'nordic',
      className: 'Nordic Skiing',
      meetings: [
        {
          date: '2027-01-17',
          events: [
            event('k1', 'checkIn', '2027-01-17T16:02:00.000Z', 'ann@example.org'),
            event('k2', 'present', '2027-01-17T16:03:00.000Z', 'bo@example.org'),
            event('k3', 'absent', '2027-01-17T16:04:00.000Z', 'bo@example.org'),
            event('k4', 'checkOut', '2027-01-17T19:05:00.000Z', 'ann@example.org', {
              pickedUpBy: 'Uncle Bob',
              reason: 'The aunt is ill',
              flagged: true,
            }),
          ],
        },
        {
          date: '2027-01-24',
          events: [],
          absence: { studentId: 'ben', date: '2027-01-24', note: 'Ben is sick', reportedAt: '2027-01-23T20:00:00Z' },
        },
        { date: '2027-01-31', events: [] },
      ],
    },
  ],
};

/** The calls the sheet made, by function name, and what each answers (an answer, or an error's status). */
let sent: Array<{ name: string; payload: unknown }>;
function answering(...answers: Array<FunctionResult<'studentAttendance'> | number>) {
  sent = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => TEST_RUNTIME } as Response;
    sent.push({ name: url.split('/').at(-1)!, payload: JSON.parse(String(init?.body)) });
    const answer = answers.shift()!;
    return typeof answer === 'number'
      ? ({
          ok: false,
          status: answer,
          json: async () => ({ error: { code: 'internal', message: 'The table did not answer.' } }),
        } as Response)
      : ({ ok: true, status: 200, json: async () => ({ data: answer }) } as Response);
  }) as typeof fetch;
}

const sheet = (student = row) =>
  renderAsAdmin(
    // The sheet fills a phone's screen: it asks the theme's breakpoints.
    <ThemeProvider theme={theme}>
      <StudentSheetDialog row={student} sizeLabel={(size) => size ?? ''} onClose={() => {}} />
    </ThemeProvider>,
  );

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tableRow) =>
      [...tableRow.querySelectorAll('th, td')].map((cell) =>
        cell.querySelector('ol') ? [...cell.querySelectorAll('li')].map((item) => item.textContent) : cell.textContent,
      ),
    );

test("the sheet lists each meeting of the child's classes with every mark in the order made, by whom, and the absence reported", async () => {
  answering(attendance);
  await sheet();
  const dialog = screen.getByRole('dialog', { name: 'Ben Tester' });
  expect(within(dialog).getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
  const table = await within(dialog).findByRole('table', { name: 'Attendance of Ben Tester in Nordic Skiing' });
  expect(within(dialog).getByRole('heading', { name: 'Nordic Skiing' })).toBeInTheDocument();
  expect(cellsOf(table)).toEqual([
    ['Meeting', 'What happened'],
    [
      'Jan 17, 2027',
      [
        // On the programme's clock (here UTC), whatever the office computer's zone.
        'Checked in, Sun, Jan 17, 2027, 4:02 PM UTC, by ann@example.org',
        'Present, Sun, Jan 17, 2027, 4:03 PM UTC, by bo@example.org',
        // A later mark does not hide an earlier one: both stand, in order.
        'Absent, Sun, Jan 17, 2027, 4:04 PM UTC, by bo@example.org',
        'Checked out to Uncle Bob, Sun, Jan 17, 2027, 7:05 PM UTC, by ann@example.org (not on the pick-up list: The aunt is ill)',
      ],
    ],
    ['Jan 24, 2027', ['Reported absent by the family: Ben is sick']],
    ['Jan 31, 2027', 'No mark'],
  ]);
  // Asked once, for the classes the child holds a seat in: a waitlist place has no meetings to attend.
  expect(sent).toEqual([{ name: 'studentAttendance', payload: { studentId: 'ben', classIds: ['nordic'] } }]);
});

test('given nothing marked or reported yet, the sheet says so instead of a table', async () => {
  answering({
    classes: [{ classId: 'nordic', className: 'Nordic Skiing', meetings: [{ date: '2027-01-17', events: [] }] }],
  });
  await sheet();
  await screen.findByText('No attendance recorded yet.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('given a child only waitlisted, the sheet asks nothing and says no attendance is recorded', async () => {
  answering();
  await sheet({ ...row, classes: [row.classes[1]!] });
  expect(screen.getByText('No attendance recorded yet.')).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('given the attendance cannot be loaded, the sheet says so with Retry, which loads it', async () => {
  answering(500, attendance);
  await sheet();
  const dialog = screen.getByRole('dialog', { name: 'Ben Tester' });
  expect(within(dialog).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  await within(dialog).findByText('The attendance could not be loaded: The table did not answer.');
  await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Retry' }));
  await within(dialog).findByRole('table', { name: 'Attendance of Ben Tester in Nordic Skiing' });
  await waitFor(() => expect(sent).toHaveLength(2));
});
