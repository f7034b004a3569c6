// The password reset screen with the provider mocked: the code from the link, and what a refusal means.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as identity from '../../web/src/auth/identity';
import { ResetPasswordPage } from '../../web/src/auth/ResetPasswordPage';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/auth/identity', () => ({
  setNewPassword: jest.fn(),
  signInAfterReset: jest.fn(),
  sendPasswordResetEmail: jest.fn(),
  errorCode: (error: Error) => error.name,
}));
const calls = jest.mocked(identity);

function refusal(name: string): Error {
  const error = new Error('refused');
  error.name = name;
  return error;
}

function renderReset() {
  render(
    <ToastArea>
      <MemoryRouter initialEntries={['/user/reset?email=parent%40example.com&code=123456']}>
        <Routes>
          <Route path="/user/reset" element={<ResetPasswordPage />} />
          <Route path="/user/login" element={<h1>Sign In</h1>} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>
    </ToastArea>,
  );
}

async function chooseNewPassword(password = 'Brand-New-1', confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
  return user;
}

beforeEach(() => {
  jest.resetAllMocks();
  sessionStorage.clear();
});

test('given the link, then the e-mail and code are filled in', () => {
  renderReset();
  expect(screen.getByLabelText('Email')).toHaveValue('parent@example.com');
  expect(screen.getByLabelText('Reset code')).toHaveValue('123456');
});

test('given passwords that differ, then it says so and makes no call', async () => {
  renderReset();
  await chooseNewPassword('Brand-New-1', 'Brand-New-2');
  expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
  expect(calls.setNewPassword).not.toHaveBeenCalled();
});

test('given the right code, then the password is set, the user signed in and sent on', async () => {
  calls.setNewPassword.mockResolvedValue();
  calls.signInAfterReset.mockResolvedValue();
  renderReset();
  await chooseNewPassword();
  expect(calls.setNewPassword).toHaveBeenCalledWith('parent@example.com', '123456', 'Brand-New-1');
  expect(calls.signInAfterReset).toHaveBeenCalledWith('parent@example.com', 'Brand-New-1');
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(await screen.findByText('Password changed. You are signed in.')).toBeInTheDocument();
});

test.each([
  [
    'CodeMismatchException',
    'This reset code is not right. Use the link in the newest reset e-mail, or send yourself a new one.',
  ],
  ['ExpiredCodeException', 'This reset code has expired. Send yourself a new reset e-mail and use the link in it.'],
  ['SomethingElseException', 'Failed to reset password: SomethingElseException'],
])('given the provider answers %s, then the screen explains it and offers a new e-mail', async (code, explanation) => {
  calls.setNewPassword.mockRejectedValue(refusal(code));
  calls.sendPasswordResetEmail.mockResolvedValue();
  renderReset();
  const user = await chooseNewPassword();
  expect(await screen.findByText(explanation)).toBeInTheDocument();
  expect(calls.signInAfterReset).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Send a new reset email' }));
  expect(calls.sendPasswordResetEmail).toHaveBeenCalledWith('parent@example.com');
  expect(await screen.findByText('Sent reset email!')).toBeInTheDocument();
});
