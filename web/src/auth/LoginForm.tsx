// The login screen's card in both modes (spec §2): sign in, or create an account with e-mail.
import EmailIcon from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useReducer, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '../layout/toast';
import { createAccountWithEmail, errorCode, sendPasswordResetEmail, signInWithEmail } from './identity';
import { initialLoginForm, loginFormReducer, modeOf, showsForm, showsResetSuggestion, shownLoginErrors, type LoginMode } from './loginForm';
import { SignInCard } from './SignInCard';
import { fieldMessage } from './validation';

// The screen's words by mode, the error catalogue's among them (spec §8): {code} is the provider's error code.
const TEXT = {
  signIn: { title: 'Sign In', submit: 'Sign In', failure: 'Failed to log in: {code}', success: 'Logged in!', switchTo: '/user/create', switchText: 'First time? Create an account.' },
  create: { title: 'Create Account', submit: 'Create Account', failure: 'Failed to create account: {code}', success: 'Created account!', switchTo: '/user/login', switchText: 'Already have an account? Sign in.' },
} as const;

export function LoginForm({ mode }: { mode: LoginMode }) {
  const show = useToast();
  const [state, dispatch] = useReducer(loginFormReducer, mode, initialLoginForm);
  // The route decides the mode; the links between the two keep what was typed.
  if (modeOf(state) !== mode) dispatch({ type: 'modeChanged', mode });
  const text = TEXT[mode];
  const errors = shownLoginErrors(state);
  const pending = state.request === 'Pending';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const submitted = loginFormReducer(state, { type: 'submitted' });
    dispatch({ type: 'submitted' });
    if (submitted.request !== 'Pending') return;
    try {
      await (mode === 'create' ? createAccountWithEmail : signInWithEmail)(state.email.trim(), state.password);
      dispatch({ type: 'succeeded' });
      show({ severity: 'success', summary: 'Success', detail: text.success });
    } catch (error) {
      dispatch({ type: 'failed' });
      show({ severity: 'error', detail: text.failure.replace('{code}', errorCode(error)) });
    }
  };

  return (
    <SignInCard title={text.title}>
      {showsForm(state) ? (
        <form noValidate onSubmit={submit} aria-label={text.title} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder={`example@${window.location.hostname}`}
            value={state.email}
            onChange={(event) => dispatch({ type: 'emailChanged', email: event.target.value })}
            error={!!errors.email}
            helperText={fieldMessage(errors.email)}
            autoFocus
            fullWidth
          />
          <TextField
            label="Password"
            type="password"
            autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
            value={state.password}
            onChange={(event) => dispatch({ type: 'passwordChanged', password: event.target.value })}
            error={!!errors.password}
            helperText={fieldMessage(errors.password)}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={pending} startIcon={pending && <CircularProgress size={18} color="inherit" aria-label="Please wait" />}>
            {text.submit}
          </Button>
          {mode === 'create' && (
            <Button onClick={() => dispatch({ type: 'differentAccountTypePicked' })} disabled={pending}>
              Pick different account type
            </Button>
          )}
        </form>
      ) : (
        <Button variant="contained" size="large" startIcon={<EmailIcon />} onClick={() => dispatch({ type: 'methodChosen', method: 'email' })}>
          Create With Email
        </Button>
      )}
      {showsResetSuggestion(state) && <ResetSuggestion email={state.email.trim()} />}
      <Link component={RouterLink} to={text.switchTo} sx={{ alignSelf: 'center' }}>
        {text.switchText}
      </Link>
    </SignInCard>
  );
}

/** After a failed sign-in: sends the reset e-mail to the address entered. */
function ResetSuggestion({ email }: { email: string }) {
  const show = useToast();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendPasswordResetEmail(email);
      show({ severity: 'success', detail: 'Sent reset email!' });
    } catch (error) {
      show({ severity: 'error', detail: `Failed to send reset email: ${errorCode(error)}` });
    } finally {
      setSending(false);
    }
  };
  return (
    <Link component="button" type="button" onClick={send} disabled={sending} sx={{ alignSelf: 'center' }}>
      Forgot your password? Send a password reset email.
    </Link>
  );
}
