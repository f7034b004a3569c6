// The office's Instructors screen (list, invite, remove, a meeting's attendance with its flagged check-out and
// CSV). The page that accepts an invitation to teach and a family's absence report have files of their own. The
// client's calls are mocked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ChildAttendance } from '../../lambdas/contract/classDay';
import type { Class } from '../../lambdas/contract/records';
import { attendanceCsv } from '../../web/src/admin/instructors/attendanceCsv';
import { InstructorsPage } from '../../web/src/admin/instructors/InstructorsPage';
import { callFunction, readCatalogue } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
  readCatalogue: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;
const read = jest.mocked(readCatalogue) as unknown as jest.Mock;

const nordic = {
  id: 'nordic',
  name: 'Nordic Skiing',
  semesterId: 'winter',
  meetings: [{ date: '2099-01-17', start: '09:00', end: '12:00' }],
} as Class;

const ben: ChildAttendance = {
  studentId: 'ben',
  name: 'Ben Tester',
  checkedIn: false,
  events: [
    {
      key: 'k1',
      kind: 'checkIn',
      classId: 'nordic',
      date: '2099-01-17',
      studentId: 'ben',
      at: '2099-01-17T09:01:00Z',
      deviceId: 'phone-1',
      by: 'sub-1',
      byEmail: 'ann@example.org',
      recordedAt: '2099-01-17T09:01:02Z',
    },
    {
      key: 'k2',
      kind: 'checkOut',
      pickedUpBy: 'Sam Neighbour',
      reason: 'Mother phoned the office',
      classId: 'nordic',
      date: '2099-01-17',
      studentId: 'ben',
      at: '2099-01-17T12:05:00Z',
      deviceId: 'phone-1',
      by: 'sub-1',
      byEmail: 'ann@example.org',
      recordedAt: '2099-01-17T12:05:02Z',
      flagged: true,
    },
  ],
};

const auth: Auth = {
  status: 'signedIn',
  user: { sub: 'sub-9', email: 'someone@example.org' },
  roles: ['admin'],
  isAdmin: true,
  signOut: jest.fn(),
};

function renderAt(path: string, routes: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastArea>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              {routes}
              <Route path="/instructor" element={<p>The class day</p>} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
  read.mockReset();
});

test('given instructors and an invitation, the office sees them, invites another to a class and removes one after confirming', async () => {
  const payloads: Record<string, unknown[]> = {};
  call.mockImplementation(async (name: string, payload: unknown) => {
    (payloads[name] ??= []).push(payload);
    switch (name) {
      case 'semesters':
        return { semesters: [{ id: 'winter', name: 'Winter', current: true }] };
      case 'instructors':
        return {
          instructors: [{ sub: 'sub-1', email: 'ann@example.org', since: '2099-01-01T00:00:00Z', classes: [nordic] }],
          invitations: [
            {
              email: 'bo@example.org',
              classIds: ['nordic'],
              invitedByEmail: 'admin@example.org',
              createdAt: '2099-01-01T00:00:00Z',
              expiresAt: '2099-01-15T00:00:00Z',
            },
          ],
        };
      case 'meetingAttendance':
        return { class: nordic, date: '2099-01-17', children: [ben] };
      case 'checkedInNow':
        return {
          date: '2099-01-17',
          classes: [
            {
              classId: 'nordic',
              className: 'Nordic Skiing',
              meetings: [{ start: '09:00', end: '12:00' }],
              enrolled: 2,
              marked: 1,
              checkedIn: [{ studentId: 'ben', name: 'Ben Tester', since: '2099-01-17T16:02:00Z' }],
            },
          ],
        };
      default:
        return {};
    }
  });
  read.mockResolvedValue({ classes: { winter: [nordic] } });
  renderAt('/admin/instructors?semesterId=winter', <Route path="/admin/instructors" element={<InstructorsPage />} />);
  const list = await screen.findByRole('table', { name: 'Instructors' });
  // The day as the office watches it: who is checked in now, of how many.
  expect(
    within(await screen.findByRole('list', { name: 'Checked in now in Nordic Skiing' })).getByText('Ben Tester'),
  ).toBeInTheDocument();
  expect(screen.getByText('1 child checked in now; 1 of 2 marked today.')).toBeInTheDocument();
  expect(within(list).getByRole('row', { name: /ann@example.org Nordic Skiing/ })).toBeInTheDocument();
  expect(
    within(screen.getByRole('table', { name: 'Invitations waiting' })).getByText('bo@example.org'),
  ).toBeInTheDocument();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Invite an instructor' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite an instructor' });
  await user.type(within(dialog).getByRole('textbox', { name: /E-mail of the instructor/ }), 'cy@example.org');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Nordic Skiing' }));
  await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
  await waitFor(() => expect(payloads.inviteInstructor).toEqual([{ email: 'cy@example.org', classIds: ['nordic'] }]));

  await user.click(screen.getByRole('button', { name: 'Remove ann@example.org' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove ann@example.org?' });
  await user.click(within(confirm).getByRole('button', { name: 'Remove instructor' }));
  await waitFor(() => expect(payloads.removeInstructor).toEqual([{ sub: 'sub-1' }]));

  // A meeting's attendance: the flagged check-out on top, each mark in order.
  await user.click(screen.getByRole('combobox', { name: 'Class' }));
  await user.click(screen.getByRole('option', { name: 'Nordic Skiing' }));
  await user.click(screen.getByRole('combobox', { name: 'Meeting' }));
  await user.click(screen.getByRole('option', { name: /2099/ }));
  await screen.findByText(
    'Ben Tester was checked out to Sam Neighbour, who is not on the pick-up list: Mother phoned the office',
  );
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
});

test('the attendance CSV has a row per mark, the flagged check-out with its reason', () => {
  const lines = attendanceCsv([ben, { studentId: 'ada', name: 'Ada Tester', checkedIn: false, events: [] }]).split(
    '\r\n',
  );
  expect(lines[0]).toContain('"Child","Absence reported","Mark"');
  expect(lines[2]).toContain('"Checked out","2099-01-17T12:05:00Z"');
  expect(lines[2]).toContain('"Sam Neighbour","yes","Mother phoned the office"');
  expect(lines[3]).toMatch(/^"Ada Tester"/);
});
