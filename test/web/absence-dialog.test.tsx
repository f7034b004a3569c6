// A family's absence report (My Enrollments → Report an absence): a meeting and a note are required, the note at most
// 200 characters; sent, the family is told the instructors see it; refused, the dialog stays open with the
// portal's message and what was typed, to send again. The client's calls are mocked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Meeting, NamedEnrollment } from '../../lambdas/contract/records';
import { AbsenceDialog } from '../../web/src/account/AbsenceDialog';
import { ApiError, callFunction } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;

const family: Auth = {
  status: 'signedIn',
  user: { sub: 'guardian-1', email: 'pat@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(),
};

const enrollment = {
  classId: 'nordic',
  studentId: 'ben',
  studentName: 'Ben Tester',
  className: 'Nordic Skiing',
} as NamedEnrollment;

const meetings: Meeting[] = [
  { date: '2099-01-17', start: '09:00', end: '12:00' },
  { date: '2099-01-24', start: '13:00', end: '15:30' },
];

function open(shown = meetings) {
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <AuthContext.Provider value={family}>
          <AbsenceDialog enrollment={enrollment} meetings={shown} onClose={onClose} />
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Report an absence: Ben Tester' }) };
}

const send = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Report the absence' });
const note = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /A short note for the instructors/ });

beforeEach(() => {
  call.mockReset();
});

test('a note is required (spaces are no note), at most 200 characters, and the first meeting to come is chosen at first', async () => {
  const { dialog } = open();
  expect(within(dialog).getByRole('combobox', { name: /Meeting/ })).toHaveTextContent('Jan 17, 2099, 9:00 AM–12:00 PM');
  expect(note(dialog)).toBeRequired();
  expect(note(dialog)).toHaveAttribute('maxlength', '200');
  expect(within(dialog).getByText('For instance: Ben is sick today.')).toBeInTheDocument();
  expect(send(dialog)).toBeDisabled();

  const user = userEvent.setup();
  await user.type(note(dialog), '   ');
  expect(send(dialog)).toBeDisabled();
  await user.type(note(dialog), 'Sick');
  expect(send(dialog)).toBeEnabled();
  await user.clear(note(dialog));
  expect(send(dialog)).toBeDisabled();
  expect(call).not.toHaveBeenCalled();
});

test('given no meeting to come, nothing can be reported', async () => {
  const { dialog } = open([]);
  await userEvent.setup().type(note(dialog), 'Ben is sick today');
  expect(send(dialog)).toBeDisabled();
});

test('sent for the meeting chosen, the note trimmed; the family is told the instructors see it, and the dialog closes', async () => {
  call.mockResolvedValueOnce({});
  const { dialog, onClose } = open();
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('combobox', { name: /Meeting/ }));
  await user.click(screen.getByRole('option', { name: 'Jan 24, 2099, 1:00 PM–3:30 PM' }));
  await user.type(note(dialog), '  Ben is sick today  ');
  await user.click(send(dialog));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(call.mock.calls).toEqual([
    ['reportAbsence', { classId: 'nordic', studentId: 'ben', date: '2099-01-24', note: 'Ben is sick today' }],
  ]);
  await screen.findByText('Absence reported');
  expect(
    screen.getByText('The instructors of Nordic Skiing see it on their roster for Jan 24, 2099.'),
  ).toBeInTheDocument();
});

test("refused, the dialog stays open with the portal's message and the note, and sends again", async () => {
  call
    .mockRejectedValueOnce(new ApiError('invalid-argument', 'date: the class does not meet on that day.', 400))
    .mockResolvedValueOnce({});
  const { dialog, onClose } = open();
  const user = userEvent.setup();
  await user.type(note(dialog), 'Ben is sick today');
  await user.click(send(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('date: the class does not meet on that day.');
  expect(onClose).not.toHaveBeenCalled();
  expect(note(dialog)).toHaveValue('Ben is sick today');
  expect(screen.queryByText('Absence reported')).not.toBeInTheDocument();

  await user.click(send(dialog));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(call).toHaveBeenCalledTimes(2);
  await screen.findByText('Absence reported');
});
