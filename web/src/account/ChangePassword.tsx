// Changing the password on Manage Account, in the portal's own fields and buttons (like every other form of
// the site): the current password, the new one with the rules under it from the start, and the new one again.
// The user pool checks the current password; what it refuses is said under the field it is about.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { draftFields } from '../layout/draftFields';
import { updatePassword } from 'aws-amplify/auth';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_HINT, passwordProblem } from '@contract/passwordPolicy';
// Amplify configured before the call reaches the user pool (it is, once someone is signed in).
import '../api/amplify';
import { SubmitButton } from '../layout/SubmitButton';
import { useToast } from '../layout/toast';

interface Passwords {
  current: string;
  chosen: string;
  again: string;
}

const EMPTY: Passwords = { current: '', chosen: '', again: '' };

/** What is wrong with the form before any call, by field. */
function formProblems({ current, chosen, again }: Passwords): Partial<Passwords> {
  return {
    ...(current === '' && { current: 'Enter your current password' }),
    ...(chosen === ''
      ? { chosen: 'Enter a new password' }
      : passwordProblem(chosen) && { chosen: passwordProblem(chosen) }),
    ...(again !== chosen && { again: 'Type the same new password again' }),
  };
}

/**
 * The user pool's refusal, under the field it is about. A new password that passes the policy here is not the
 * problem: the local user pool answers a wrong current password with InvalidPasswordException (Cognito with
 * NotAuthorizedException).
 */
function refusal(code: string, chosen: string): { field: keyof Passwords | 'form'; text: string } {
  const weak = code === 'InvalidPasswordException' && passwordProblem(chosen) !== undefined;
  if (code === 'NotAuthorizedException' || (code === 'InvalidPasswordException' && !weak))
    return { field: 'current', text: 'The current password is not right. Check it and try again.' };
  if (weak) return { field: 'chosen', text: `The new password is too weak. ${PASSWORD_HINT}` };
  if (code === 'LimitExceededException' || code === 'TooManyRequestsException')
    return { field: 'form', text: 'Too many attempts in a short time. Wait a few minutes, then try again.' };
  return { field: 'form', text: `The password could not be changed (${code}). Try again in a moment.` };
}

export function ChangePassword() {
  const show = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [passwords, setPasswords] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState<{ field: keyof Passwords | 'form'; text: string }>();
  const problems: Partial<Passwords> = {
    ...(checked ? formProblems(passwords) : {}),
    ...(refused && refused.field !== 'form' && { [refused.field]: refused.text }),
  };

  const change = (field: keyof Passwords, value: string) => {
    setPasswords({ ...passwords, [field]: value });
    if (refused?.field === field) setRefused(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setRefused(undefined);
    if (Object.keys(formProblems(passwords)).length > 0)
      return requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    setPending(true);
    try {
      await updatePassword({ oldPassword: passwords.current, newPassword: passwords.chosen });
      show({ severity: 'success', summary: 'Success', detail: 'Your password is changed.' });
      setPasswords(EMPTY);
      setChecked(false);
    } catch (error) {
      setRefused(refusal(error instanceof Error ? error.name : 'UnknownError', passwords.chosen));
    } finally {
      setPending(false);
    }
  };

  const textField = draftFields<keyof Passwords>(
    (name) => passwords[name],
    change,
    (name) => problems[name],
  );
  const field = (name: keyof Passwords, label: string, autoComplete: string, hint?: string) =>
    textField(name, label, { type: 'password', autoComplete, helperText: hint });

  return (
    <Stack
      component="form"
      ref={form}
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
      aria-label="Change password"
    >
      {field('current', 'Current password', 'current-password')}
      {field('chosen', 'New password', 'new-password', PASSWORD_HINT)}
      {field('again', 'New password again', 'new-password')}
      {refused?.field === 'form' && <Alert severity="error">{refused.text}</Alert>}
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        Change Password
      </SubmitButton>
    </Stack>
  );
}
