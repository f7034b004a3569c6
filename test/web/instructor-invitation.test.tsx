// /instructor/invitation, where an invitation to teach leads: accepted, it says which classes and opens the class
// day; refused (no invitation for the address signed in with, or one expired: the portal answers both alike), it
// says so with a way to sign in with another account; another failure keeps the page, to try again; signed out, the
// link opens account creation saying what the invitation needs, and comes back here. The client's calls are mocked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Class } from '../../lambdas/contract/records';
import { ApiError, callFunction } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { RequireUser } from '../../web/src/auth/guards';
import { InstructorInvitationPage } from '../../web/src/instructors/InstructorInvitationPage';
import { rememberedPath } from '../../web/src/layout/returnPath';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;

const signedIn: Auth = {
  status: 'signedIn',
  user: { sub: 'sub-9', email: 'someone@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(async () => {}),
};
const signedOut: Auth = { status: 'signedOut', isAdmin: false, signOut: jest.fn(async () => {}) };

/** Where the page led: the path, its query and what the sign-in page was asked to say. */
function Arrived() {
  const { pathname, search, state } = useLocation();
  return (
    <p>
      Arrived at {pathname}
      {search} saying: {(state as { purpose?: string } | null)?.purpose ?? 'nothing'}
    </p>
  );
}

function open(auth: Auth, entry = '/instructor/invitation') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route element={<RequireUser />}>
                <Route path="/instructor/invitation" element={<InstructorInvitationPage />} />
              </Route>
              <Route path="/instructor" element={<Arrived />} />
              <Route path="/user/create" element={<Arrived />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
}

const classes = [
  { id: 'nordic', name: 'Nordic Skiing' },
  { id: 'ice', name: 'Ice Climbing' },
] as Class[];

beforeEach(() => {
  call.mockReset();
  sessionStorage.clear();
});

test('given an invitation to the address signed in with, when accepted, then the page says which classes and opens the class day', async () => {
  let answer: (value: unknown) => void = () => {};
  call.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  open(signedIn);
  expect(screen.getByRole('heading', { name: 'Invitation to teach' })).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
  // Pressed once: a second press cannot send it again while the first is on its way.
  expect(screen.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
  answer({ instructor: { sub: 'sub-9', email: 'someone@example.org', since: '2027-01-02T00:00:00Z', classes } });
  await screen.findByText('Arrived at /instructor saying: nothing');
  await screen.findByText('Invitation accepted');
  expect(screen.getByText('You teach Nordic Skiing, Ice Climbing.')).toBeInTheDocument();
  expect(call.mock.calls).toEqual([['acceptInstructorInvitation', {}]]);
});

test('given no invitation waiting for the address, or an expired one, then the refusal names the account and offers another', async () => {
  const refusal = 'There is no invitation to teach waiting for someone@example.org: ask the office for one.';
  call.mockRejectedValueOnce(new ApiError('not-found', refusal, 404));
  open(signedIn);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`${refusal} You are signed in as someone@example.org.`);
  expect(screen.queryByRole('button', { name: 'Accept the invitation' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Use another account' }));
  // Signed out, to account creation saying what the invitation needs, then back to the invitation.
  expect(signedIn.signOut).toHaveBeenCalledWith({
    to: '/user/create',
    purpose: expect.stringMatching(/^You are invited to teach classes\. Create your account with the e-mail address/),
    comeBackTo: '/instructor/invitation',
  });
});

test('given another failure (the invitation changed meanwhile), then its message shows above the button, which tries again', async () => {
  call
    .mockRejectedValueOnce(
      new ApiError('failed-precondition', 'The invitation changed while you were accepting it: try again.', 409),
    )
    .mockResolvedValueOnce({ instructor: { sub: 'sub-9', email: 'someone@example.org', since: '', classes: [] } });
  open(signedIn);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The invitation changed while you were accepting it: try again.');
  expect(screen.queryByRole('button', { name: 'Use another account' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
  await screen.findByText('Arrived at /instructor saying: nothing');
  expect(await screen.findByText('You teach the classes the office assigns.')).toBeInTheDocument();
  expect(call).toHaveBeenCalledTimes(2);
});

test('given a visitor signed out, when the link opens, then account creation says what the invitation needs, the address filled in, and the invitation is remembered', async () => {
  open(signedOut, '/instructor/invitation#to=ann%40example.org');
  const arrived = await screen.findByText(/^Arrived at \/user\/create\?email=ann%40example\.org saying: /);
  expect(arrived).toHaveTextContent(
    'You are invited to teach classes. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  );
  await waitFor(() => expect(rememberedPath()).toBe('/instructor/invitation#to=ann%40example.org'));
  expect(screen.queryByRole('button', { name: 'Accept the invitation' })).not.toBeInTheDocument();
  expect(call).not.toHaveBeenCalled();
  expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
});
