// The login screen driving its state machine: what the user sees and which provider calls it makes.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as identity from '../../web/src/auth/identity';
import { LoginForm } from '../../web/src/auth/LoginForm';
import type { LoginMode } from '../../web/src/auth/failures';
import { ToastArea } from '../../web/src/layout/toast';

// Amplify itself is not needed: the identity calls are mocked.
jest.mock('../../web/src/api/amplify', () => ({ AUTH_FLOW: 'USER_PASSWORD_AUTH' }));
jest.mock('../../web/src/auth/identity', () => ({
  ConfirmationNeeded: jest.requireActual('../../web/src/auth/identity').ConfirmationNeeded,
  SecondFactorNeeded: jest.requireActual('../../web/src/auth/identity').SecondFactorNeeded,
  signInOrConfirm: jest.fn(),
  signInWithCode: jest.fn(),
  createAccountWithEmail: jest.fn(),
  confirmAccount: jest.fn(),
  sendNewCode: jest.fn(),
  sendPasswordResetEmail: jest.fn(),
  errorCode: (error: Error) => error.name,
}));
const calls = jest.mocked(identity);

function providerError(name: string): Error {
  const error = new Error('refused');
  error.name = name;
  return error;
}

function renderAt(path: string, state?: unknown) {
  const screenFor = (mode: LoginMode) => <LoginForm mode={mode} />;
  return render(
    <ToastArea>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path="/user/login" element={screenFor('signIn')} />
          <Route path="/user/create" element={screenFor('create')} />
        </Routes>
      </MemoryRouter>
    </ToastArea>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
});

test('given empty fields, when Sign In is pressed, then both messages show under the fields and no call is made', async () => {
  const user = userEvent.setup();
  renderAt('/user/login');
  expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  expect(calls.signInOrConfirm).not.toHaveBeenCalled();
});

test('given a sign-in in flight, then the button is disabled with progress, and success toasts "Success" / "Logged in!"', async () => {
  const user = userEvent.setup();
  let answer!: () => void;
  calls.signInOrConfirm.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));
  renderAt('/user/login');
  await user.type(screen.getByLabelText('Email'), ' parent@example.com ');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1{Enter}');
  expect(calls.signInOrConfirm).toHaveBeenCalledWith('parent@example.com', 'Mountain-1');
  const submit = screen.getByRole('button', { name: 'Sign In' });
  expect(submit).toBeDisabled();
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  await act(async () => answer());
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Success');
  expect(toast).toHaveTextContent('Logged in!');
  expect(submit).toBeEnabled();
});

test('given the provider refuses, then the toast carries its code and the reset suggestion sends the e-mail', async () => {
  const user = userEvent.setup();
  calls.signInOrConfirm.mockRejectedValue(providerError('NotAuthorizedException'));
  calls.sendPasswordResetEmail.mockResolvedValue();
  renderAt('/user/login');
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Failed to log in: NotAuthorizedException')).toBeInTheDocument();
  const said = screen.getByRole('note');
  expect(said).toHaveTextContent(/The e-mail or the password is not right/);
  expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(said.textContent!);
  await user.click(screen.getByRole('button', { name: 'Forgot your password? Send a password reset email.' }));
  expect(calls.sendPasswordResetEmail).toHaveBeenCalledWith('parent@example.com');
  expect(await screen.findByText('Sent reset email!')).toBeInTheDocument();
});

test('given creation mode, then the method choice comes first and a refusal toasts "Failed to create account: {code}" without the reset suggestion', async () => {
  const user = userEvent.setup();
  calls.createAccountWithEmail.mockRejectedValue(providerError('UsernameExistsException'));
  renderAt('/user/create');
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1{Enter}');
  expect(await screen.findByText('Failed to create account: UsernameExistsException')).toBeInTheDocument();
  expect(screen.queryByText('Forgot your password? Send a password reset email.')).not.toBeInTheDocument();
  // In plain words in the form, with the ways on; it stays until the e-mail changes.
  const said = screen.getByRole('note');
  expect(said).toHaveTextContent('An account with this e-mail already exists. Sign in with it, or reset its password.');
  expect(within(said).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  await user.type(screen.getByLabelText('Password'), '!');
  expect(screen.getByRole('note')).toBeInTheDocument();
  calls.sendPasswordResetEmail.mockResolvedValue();
  await user.click(within(said).getByRole('button', { name: 'Send a password reset email' }));
  expect(calls.sendPasswordResetEmail).toHaveBeenCalledWith('parent@example.com');
  await user.type(screen.getByLabelText('Email'), 'm');
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});

test('given creation mode, then the password rules show under the field before the first attempt, and a weak password gets one message naming what it lacks', async () => {
  const user = userEvent.setup();
  renderAt('/user/create');
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'At least 8 characters, with upper and lower case letters, a digit and a symbol.',
  );
  await user.type(screen.getByLabelText('Email'), 'claire@gmail');
  await user.type(screen.getByLabelText('Password'), 'mountain1{Enter}');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
    'Enter the whole e-mail address, like name@example.com',
  );
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'Password needs an upper case letter and a symbol such as - or !',
  );
  expect(calls.createAccountWithEmail).not.toHaveBeenCalled();
});

test('given the user pool finds the password too weak, then the form says which rule, under the password', async () => {
  const user = userEvent.setup();
  calls.createAccountWithEmail.mockRejectedValue(providerError('InvalidPasswordException'));
  renderAt('/user/create');
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1{Enter}');
  expect(await screen.findByRole('note')).toHaveTextContent(/^This password is too weak\. The rules: at least 8/);
  await user.type(screen.getByLabelText('Password'), 'x');
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});

test('given a visitor sent here to enroll, then the screen says why in both modes', async () => {
  const user = userEvent.setup();
  renderAt('/user/login', { purpose: 'Sign in or create an account to enroll in Nordic Skiing.' });
  expect(screen.getByText('Sign in or create an account to enroll in Nordic Skiing.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'First time? Create an account.' }));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create Account');
  expect(screen.getByText('Sign in or create an account to enroll in Nordic Skiing.')).toBeInTheDocument();
});

test('given a created account, then the toast says "Success" / "Created account!"', async () => {
  const user = userEvent.setup();
  calls.createAccountWithEmail.mockResolvedValue();
  renderAt('/user/create');
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('SuccessCreated account!'));
  expect(calls.createAccountWithEmail).toHaveBeenCalledWith('parent@example.com', 'Mountain-1');
});

test('when "Pick different account type" is chosen, then the fields are cleared and the method choice returns', async () => {
  const user = userEvent.setup();
  renderAt('/user/create');
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.click(screen.getByRole('button', { name: 'Pick different account type' }));
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  expect(screen.getByLabelText('Email')).toHaveValue('');
});

test("given sign-in mode, then the texts, link, placeholder and autocomplete hint are the product's", () => {
  renderAt('/user/login');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
  expect(screen.getByRole('link', { name: 'First time? Create an account.' })).toHaveAttribute('href', '/user/create');
  expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', `example@${window.location.hostname}`);
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
});

test('given a new account, then the code step asks for the e-mailed code, confirms it, signs in and toasts "Created account!"', async () => {
  const user = userEvent.setup();
  calls.createAccountWithEmail.mockRejectedValue(new identity.ConfirmationNeeded());
  calls.confirmAccount.mockRejectedValueOnce(providerError('CodeMismatchException')).mockResolvedValueOnce();
  renderAt('/user/create');
  await user.click(screen.getByRole('button', { name: 'Create With Email' }));
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(await screen.findByText(/We sent a 6-digit code to/)).toHaveTextContent(
    'We sent a 6-digit code to parent@example.com. Enter it to confirm your e-mail address.',
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  const code = screen.getByLabelText('Code');
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(code).toHaveAccessibleDescription('Code is required');
  expect(calls.confirmAccount).not.toHaveBeenCalled();
  await user.type(code, '123456{Enter}');
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create account: CodeMismatchException'),
  );
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('SuccessCreated account!'));
  expect(calls.confirmAccount).toHaveBeenLastCalledWith('parent@example.com', 'Mountain-1', '123456');
});

test('given an account that never confirmed, when it signs in, then the code step shows and "Send a new code" sends one', async () => {
  const user = userEvent.setup();
  calls.signInOrConfirm.mockRejectedValue(new identity.ConfirmationNeeded());
  calls.sendNewCode.mockResolvedValue();
  renderAt('/user/login');
  await user.type(screen.getByLabelText('Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Password'), 'Mountain-1{Enter}');
  await screen.findByLabelText('Code');
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sent a new code to parent@example.com.'));
  expect(calls.sendNewCode).toHaveBeenCalledWith('parent@example.com');
});

describe('an account whose second factor is on', () => {
  async function atCodeStep() {
    const user = userEvent.setup();
    calls.signInOrConfirm.mockRejectedValue(new identity.SecondFactorNeeded());
    renderAt('/user/login');
    await user.type(screen.getByLabelText('Email'), 'admin@example.org');
    await user.type(screen.getByLabelText('Password'), 'Mountain-1{Enter}');
    return { user, code: await screen.findByLabelText('Code from your authenticator app') };
  }

  test("given the right password, then the code step asks for the app's code; a wrong code is said under the field, the right one signs in", async () => {
    const { user, code } = await atCodeStep();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByText(/Forgot your password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Code is required');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('The code is the 6 digits your authenticator app shows');
    expect(calls.signInWithCode).not.toHaveBeenCalled();
    calls.signInWithCode.mockRejectedValueOnce(providerError('CodeMismatchException')).mockResolvedValueOnce();
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'This code is not right. Type the 6 digits your authenticator app shows now.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('SuccessLogged in!'));
    expect(calls.signInWithCode).toHaveBeenLastCalledWith('123456');
    expect(calls.signInOrConfirm).toHaveBeenCalledTimes(1);
  });

  test("given the sign-in's session ran out, then the password is asked again, saying why", async () => {
    const { user, code } = await atCodeStep();
    calls.signInWithCode.mockRejectedValueOnce(providerError('NotAuthorizedException'));
    await user.type(code, '123456{Enter}');
    expect(await screen.findByText('Too long since the password was checked: sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('Mountain-1');
    expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
    expect(screen.queryByText(/Forgot your password/)).not.toBeInTheDocument();
    // Signing in again asks for the password's check anew, then the code.
    calls.signInOrConfirm.mockClear();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Code from your authenticator app')).toHaveValue('');
    expect(calls.signInOrConfirm).toHaveBeenCalledWith('admin@example.org', 'Mountain-1');
  });

  test('"Back to the password" leaves the code step', async () => {
    const { user } = await atCodeStep();
    await user.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.org');
    expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
  });
});
