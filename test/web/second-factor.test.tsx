// The second factor on Manage Account (turned on with the app's code, turned off after a confirmation) and the
// admin area's guard, which shows an administrator without it where to turn it on. Amplify's calls are mocked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SecondFactorSection } from '../../web/src/account/SecondFactorSection';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { RequireAdmin } from '../../web/src/auth/guards';
import * as secondFactor from '../../web/src/api/secondFactor';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('../../web/src/api/secondFactor', () => ({
  secondFactorIsOn: jest.fn(),
  newSecondFactorKey: jest.fn(),
  turnOnSecondFactor: jest.fn(),
  turnOffSecondFactor: jest.fn(),
  endEverySession: jest.fn(),
  isWrongCode: jest.requireActual('../../web/src/api/secondFactor').isWrongCode,
}));
// The QR code's drawing is not what is tested here, only what the dialog does when it fails.
const mockDrawQrCode = jest.fn();
jest.mock('qrcode', () => ({ toString: (...args: unknown[]) => mockDrawQrCode(...args) }));
const calls = jest.mocked(secondFactor);

/** The sign-in page, showing what the page that sent the user there says. */
function SignInPage() {
  const { purpose } = (useLocation().state ?? {}) as { purpose?: string };
  return <p>The sign-in page. {purpose}</p>;
}

function signedIn(isAdmin: boolean): Auth {
  return {
    status: 'signedIn',
    user: { sub: 'sub-1', email: 'parent@example.org' },
    roles: isAdmin ? ['admin'] : [],
    isAdmin,
    signOut: jest.fn(),
  };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderAt(path: string, auth: Auth, element: ReactNode, client = newClient()) {
  return render(
    <QueryClientProvider client={client}>
      <ToastArea>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="/user/login" element={<SignInPage />} />
              <Route path="/account/manage" element={<p>Manage Account</p>} />
              <Route path="/" element={<p>The home page</p>} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
}

function wrongCode(): Error {
  const error = new Error('Code mismatch and fail enable Software Token MFA');
  error.name = 'EnableSoftwareTokenMFAException';
  return error;
}

beforeEach(() => {
  jest.resetAllMocks();
  mockDrawQrCode.mockResolvedValue('<svg xmlns="http://www.w3.org/2000/svg"/>');
});

test('given it is off, when it is turned on, then the key shows, a wrong code is said under the field, and the right one turns it on and goes to sign in', async () => {
  const user = userEvent.setup();
  const client = newClient();
  calls.secondFactorIsOn.mockResolvedValue(false);
  calls.newSecondFactorKey.mockResolvedValue({
    key: 'JBSWY3DPEHPK3PXP',
    link: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
  });
  calls.turnOnSecondFactor.mockRejectedValueOnce(wrongCode()).mockResolvedValueOnce();
  calls.endEverySession.mockResolvedValue();
  renderAt('/account/manage/second-factor', signedIn(true), <SecondFactorSection />, client);
  expect(await screen.findByText('Administrators must turn it on to use the admin screens.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Turn on second factor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn on the second factor' });
  expect(await within(dialog).findByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXP');
  expect(calls.newSecondFactorKey).toHaveBeenCalledWith('parent@example.org');
  const qrCode = await within(dialog).findByRole('img', {
    name: 'QR code that adds this account to an authenticator app',
  });
  expect(qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(mockDrawQrCode).toHaveBeenCalledWith('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', expect.anything());
  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXP');
  expect(await screen.findByText('The setup key is copied.')).toBeInTheDocument();
  const code = within(dialog).getByLabelText('Code from the app');
  await user.type(code, '12');
  await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
  expect(code).toHaveAccessibleDescription('Type the 6 digits your authenticator app shows');
  expect(calls.turnOnSecondFactor).not.toHaveBeenCalled();
  await user.clear(code);
  await user.type(code, '123456{Enter}');
  await waitFor(() =>
    expect(code).toHaveAccessibleDescription(
      'This code is not right. Type the 6 digits your authenticator app shows now.',
    ),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
  expect(
    await screen.findByText(
      'The sign-in page. Your second factor is on. Sign in again with your password and a code from your authenticator app; every other session of this account has ended.',
    ),
  ).toBeInTheDocument();
  expect(calls.turnOnSecondFactor).toHaveBeenLastCalledWith('123456');
  await waitFor(() => expect(calls.endEverySession).toHaveBeenCalledTimes(1));

  // Signed in again, the admin area opens at once: what it knew from before (off) is not shown meanwhile.
  calls.secondFactorIsOn.mockReturnValue(new Promise(() => {}));
  renderAt('/admin/students', signedIn(true), <RequireAdmin>The students screen</RequireAdmin>, client);
  expect(screen.getByText('The students screen')).toBeInTheDocument();
});

test('given the QR code cannot be drawn, then the dialog says to type the setup key, which it still shows', async () => {
  const user = userEvent.setup();
  calls.secondFactorIsOn.mockResolvedValue(false);
  calls.newSecondFactorKey.mockResolvedValue({ key: 'JBSWY3DPEHPK3PXP', link: 'otpauth://totp/x' });
  mockDrawQrCode.mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
  renderAt('/account/manage/second-factor', signedIn(false), <SecondFactorSection />);
  await user.click(await screen.findByRole('button', { name: 'Turn on second factor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn on the second factor' });
  expect(
    await within(dialog).findByText('The QR code could not be shown: type the setup key into the app.'),
  ).toBeInTheDocument();
  expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  expect(within(dialog).getByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXP');
});

test('given it is on, then it says so, and turning it off asks first and warns an administrator', async () => {
  const user = userEvent.setup();
  calls.secondFactorIsOn.mockResolvedValueOnce(true).mockResolvedValue(false);
  calls.turnOffSecondFactor.mockResolvedValue();
  renderAt('/account/manage/second-factor', signedIn(true), <SecondFactorSection />);
  expect(await screen.findByText('On: sign-in asks for a code from your authenticator app.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Turn off second factor' }));
  const dialog = screen.getByRole('dialog', { name: 'Turn off the second factor?' });
  expect(dialog).toHaveTextContent('The admin screens will refuse you until you turn it on again.');
  expect(calls.turnOffSecondFactor).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
  expect(await screen.findByRole('button', { name: 'Turn on second factor' })).toBeInTheDocument();
  expect(calls.turnOffSecondFactor).toHaveBeenCalledTimes(1);
});

test('given an administrator without it, then the admin area shows where to turn it on instead of the screen', async () => {
  const user = userEvent.setup();
  calls.secondFactorIsOn.mockResolvedValue(false);
  renderAt('/admin/students', signedIn(true), <RequireAdmin>The students screen</RequireAdmin>);
  expect(await screen.findByRole('heading', { name: 'Turn on your second factor' })).toBeInTheDocument();
  expect(screen.queryByText('The students screen')).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Set it up in Manage Account' }));
  expect(await screen.findByText('Manage Account')).toBeInTheDocument();
});

test('given an administrator with it on, then the admin screen shows; a family is never asked', async () => {
  calls.secondFactorIsOn.mockResolvedValue(true);
  renderAt('/admin/students', signedIn(true), <RequireAdmin>The students screen</RequireAdmin>);
  expect(await screen.findByText('The students screen')).toBeInTheDocument();
  calls.secondFactorIsOn.mockClear();
  renderAt('/admin/students', signedIn(false), <RequireAdmin>The students screen</RequireAdmin>);
  expect(await screen.findByText('The home page')).toBeInTheDocument();
  expect(calls.secondFactorIsOn).not.toHaveBeenCalled();
});
