// /user/reset, opened from the reset e-mail's link (?email=…&code=…): choose a new password, then be signed in.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_HINT } from '@contract/passwordPolicy';
import { SubmitButton } from '../layout/SubmitButton';
import { useToast } from '../layout/toast';
import { errorCode, sendPasswordResetEmail, setNewPassword, signInAfterReset } from './identity';
import { rememberedPath } from '../layout/returnPath';
import { SignInCard } from './SignInCard';
import { emailAddress, fieldMessage, hasErrors, policyPassword, required, validate, type Rules } from './validation';
import { paths } from '../layout/paths';

interface ResetForm {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}

const rules: Rules<ResetForm> = {
  email: [required('email', 'Email is required'), emailAddress('email')],
  code: [required('code', 'Reset code is required')],
  password: [required('password', 'Password is required'), policyPassword('password')],
  confirmation: [
    { passes: ({ password, confirmation }) => password === confirmation, message: 'Passwords do not match' },
  ],
};

const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a few minutes, then try again.';

/** What went wrong with the code or password, in words; anything else is named by its code. */
const PROBLEMS: Record<string, string> = {
  CodeMismatchException:
    'This reset code is not right. Use the link in the newest reset e-mail, or send yourself a new one.',
  ExpiredCodeException: 'This reset code has expired. Send yourself a new reset e-mail and use the link in it.',
  LimitExceededException: TOO_MANY_ATTEMPTS,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS,
  InvalidPasswordException: `The new password does not meet the password rules. ${PASSWORD_HINT}`,
  UserNotFoundException: 'There is no account with this e-mail address.',
};

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const show = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState<ResetForm>({
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    password: '',
    confirmation: '',
  });
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const errors = attempted ? validate(form, rules) : {};

  const field = (name: keyof ResetForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
    error: !!errors[name],
    helperText: fieldMessage(errors[name]),
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (hasErrors(validate(form, rules))) return;
    setPending(true);
    setProblem(undefined);
    const email = form.email.trim();
    try {
      await setNewPassword(email, form.code.trim(), form.password);
    } catch (error) {
      setPending(false);
      return setProblem(errorCode(error));
    }
    try {
      await signInAfterReset(email, form.password);
      show({ severity: 'success', summary: 'Success', detail: 'Password changed. You are signed in.' });
      await navigate(rememberedPath(), { replace: true });
    } catch (error) {
      show({ severity: 'error', detail: `Your password is changed, but signing in failed: ${errorCode(error)}` });
      await navigate(paths.signIn, { replace: true });
    }
  };

  const sendNewEmail = async () => {
    try {
      await sendPasswordResetEmail(form.email.trim());
      show({ severity: 'success', detail: 'Sent reset email!' });
    } catch (error) {
      show({ severity: 'error', detail: `Failed to send reset email: ${errorCode(error)}` });
    }
  };

  return (
    <SignInCard title="Reset Password">
      <Typography>
        Choose a new password for your account. The reset code comes from the link in your e-mail.
      </Typography>
      {problem && (
        <Alert
          severity="error"
          action={
            form.email.trim() && (
              <Button color="inherit" size="small" onClick={sendNewEmail}>
                Send a new reset email
              </Button>
            )
          }
        >
          {PROBLEMS[problem] ?? `Failed to reset password: ${problem}`}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label="Reset Password"
        style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        <TextField label="Email" type="email" autoComplete="username" {...field('email')} />
        <TextField label="Reset code" autoComplete="one-time-code" {...field('code')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          {...field('password')}
          helperText={field('password').helperText ?? PASSWORD_HINT}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmation')}
        />
        <SubmitButton pending={pending} size="large">
          Set New Password
        </SubmitButton>
      </form>
    </SignInCard>
  );
}
