// The login screen's card in both modes: sign in, or create an account with e-mail; the code step, where a
// new account proves its address with the code the user pool e-mailed to it; and the second factor's step,
// where an account that has one gives the code its authenticator app shows.
import EmailIcon from '@mui/icons-material/Email';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { SubmitButton } from '../layout/SubmitButton';
import { useToast } from '../layout/toast';
import {
  confirmAccount,
  ConfirmationNeeded,
  createAccountWithEmail,
  errorCode,
  SecondFactorNeeded,
  sendNewCode,
  sendPasswordResetEmail,
  signInOrConfirm,
  signInWithCode,
} from './identity';
import {
  initialLoginForm,
  loginFormReducer,
  modeOf,
  showsForm,
  showsResetSuggestion,
  shownCodeError,
  shownLoginErrors,
  type LoginFormState,
} from './loginForm';
import { explainFailure, type LoginFailure, type LoginMode } from './failures';
import { passwordHint } from './passwordHint';
import { SignInCard } from './SignInCard';
import { fieldMessage } from './validation';
import { paths } from '../layout/paths';
import { useI18n } from '../i18n/signIn';
import { rich } from '../i18n/rich';

// The screen's words by mode (catalogue ids), the success and failure toasts among them: {code} is the provider's
// error code.
const TEXT = {
  signIn: {
    title: 'auth.signIn.title',
    submit: 'auth.signIn.submit',
    failure: 'auth.signIn.failure',
    success: 'auth.signIn.success',
    switchTo: paths.createAccount,
    switchText: 'auth.signIn.switch',
  },
  create: {
    title: 'auth.create.title',
    submit: 'auth.create.submit',
    failure: 'auth.create.failure',
    success: 'auth.create.success',
    switchTo: paths.signIn,
    switchText: 'auth.create.switch',
  },
} as const;

/** What a link to the sign-in screen may say it is for, kept in the location's state across the two modes. */
interface SignInPurpose {
  /** E.g. "Sign in or create an account to enroll in Nordic Skiing." */
  purpose?: string;
}

export function LoginForm({
  mode,
  email = '',
}: {
  mode: LoginMode /** Filled in from a link (the sign-up e-mail's). */;
  email?: string;
}) {
  const show = useToast();
  const { t } = useI18n();
  const [state, dispatch] = useReducer(
    loginFormReducer,
    mode,
    (start): LoginFormState => ({ ...initialLoginForm(start), email }),
  );
  // The route decides the mode; the links between the two keep what was typed.
  if (modeOf(state) !== mode) dispatch({ type: 'modeChanged', mode });
  const text = TEXT[mode];
  const errors = shownLoginErrors(state);
  const pending = state.request === 'Pending';
  const location = useLocation();
  const { purpose } = (location.state ?? {}) as SignInPurpose;
  const ids = { email: useId(), password: useId(), failure: useId() };
  const passwordHelp = fieldMessage(errors.password) ?? (mode === 'create' ? passwordHint() : undefined);
  // A field the failure is about is marked invalid and described by its helper text and the failure.
  const failed = (field: 'email' | 'password', helped: boolean) =>
    state.failure?.fields.includes(field)
      ? {
          error: true,
          slotProps: {
            htmlInput: {
              'aria-describedby': [helped && `${ids[field]}-helper-text`, ids.failure].filter(Boolean).join(' '),
            },
          },
        }
      : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const submitted = loginFormReducer(state, { type: 'submitted' });
    dispatch({ type: 'submitted' });
    if (submitted.request !== 'Pending') return;
    try {
      const email = state.email.trim();
      if (state.secondFactor) await signInWithCode(state.secondFactor.code.trim());
      else if (state.confirmation) await confirmAccount(email, state.password, state.confirmation.code.trim());
      else await (mode === 'create' ? createAccountWithEmail : signInOrConfirm)(email, state.password);
      dispatch({ type: 'succeeded' });
      show({ severity: 'success', summary: t('auth.toast.success'), detail: t(text.success) });
    } catch (error) {
      if (error instanceof ConfirmationNeeded) return dispatch({ type: 'confirmationNeeded' });
      if (error instanceof SecondFactorNeeded) return dispatch({ type: 'secondFactorNeeded' });
      const code = errorCode(error);
      const providerMessage = error instanceof Error ? error.message : '';
      const step = state.secondFactor ? 'secondFactor' : state.confirmation ? 'code' : mode;
      const failure = explainFailure(step, code, providerMessage, state.password);
      // The sign-in's session ran out: the password is asked again.
      if (failure.tooLate) dispatch({ type: 'backToPassword', failure });
      else dispatch({ type: 'failed', failure });
      show({ severity: 'error', detail: t(text.failure, { code }) });
    }
  };

  return (
    <SignInCard title={t(text.title)}>
      {purpose && <Alert severity="info">{purpose}</Alert>}
      {state.secondFactor ? (
        <SecondFactorStep
          state={state}
          pending={pending}
          onSubmit={submit}
          onCodeChange={(code) => dispatch({ type: 'codeChanged', code })}
          onBack={() => dispatch({ type: 'backToPassword' })}
        />
      ) : state.confirmation ? (
        <CodeStep
          state={state}
          pending={pending}
          onSubmit={submit}
          onCodeChange={(code) => dispatch({ type: 'codeChanged', code })}
        />
      ) : showsForm(state) ? (
        <form
          noValidate
          onSubmit={submit}
          aria-label={t(text.title)}
          style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
        >
          <TextField
            id={ids.email}
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            placeholder={`example@${window.location.hostname}`}
            value={state.email}
            onChange={(event) => dispatch({ type: 'emailChanged', email: event.target.value })}
            error={!!errors.email}
            helperText={fieldMessage(errors.email)}
            {...failed('email', !!errors.email)}
            autoFocus
            fullWidth
          />
          <TextField
            id={ids.password}
            label={t('auth.field.password')}
            type="password"
            autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
            value={state.password}
            onChange={(event) => dispatch({ type: 'passwordChanged', password: event.target.value })}
            error={!!errors.password}
            // The rules show before the first attempt when a new password is chosen; a failed check replaces them.
            helperText={passwordHelp}
            {...failed('password', !!passwordHelp)}
            fullWidth
          />
          {state.failure && <FailureMessage id={ids.failure} failure={state.failure} email={state.email.trim()} />}
          <SubmitButton pending={pending} size="large">
            {t(text.submit)}
          </SubmitButton>
          {mode === 'create' && (
            <Button onClick={() => dispatch({ type: 'differentAccountTypePicked' })} disabled={pending}>
              {t('auth.create.otherType')}
            </Button>
          )}
        </form>
      ) : (
        <Button
          variant="contained"
          size="large"
          startIcon={<EmailIcon />}
          onClick={() => dispatch({ type: 'methodChosen', method: 'email' })}
        >
          {t('auth.create.withEmail')}
        </Button>
      )}
      {showsResetSuggestion(state) && <ResetSuggestion email={state.email.trim()} />}
      <Link component={RouterLink} to={text.switchTo} state={location.state} sx={{ alignSelf: 'center' }}>
        {t(text.switchText)}
      </Link>
    </SignInCard>
  );
}

interface CodeStepProps {
  state: LoginFormState;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onCodeChange: (code: string) => void;
}

interface CodeFormProps extends Pick<CodeStepProps, 'pending' | 'onSubmit' | 'onCodeChange'> {
  /** The form's name, what it says first, its field's label and value, and its button. */
  name: string;
  intro: ReactNode;
  label: string;
  code: string;
  error?: string;
  submit: string;
  /** What follows the button: the step's links. */
  children: ReactNode;
}

/** A code step's form: a 6-digit code typed (or filled in by the phone) and sent. */
function CodeForm({
  name,
  intro,
  label,
  code,
  error,
  submit,
  pending,
  onSubmit,
  onCodeChange,
  children,
}: CodeFormProps) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={name}
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <Typography>{intro}</Typography>
      <TextField
        label={label}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        value={code}
        onChange={(event) => onCodeChange(event.target.value)}
        error={!!error}
        helperText={error}
        autoFocus
        fullWidth
      />
      <SubmitButton pending={pending} size="large">
        {submit}
      </SubmitButton>
      {children}
    </form>
  );
}

/** The code step: the code from the sign-up e-mail proves the address, then the account signs in. */
function CodeStep({ state, pending, onSubmit, onCodeChange }: CodeStepProps) {
  const show = useToast();
  const { t } = useI18n();
  const [sending, setSending] = useState(false);
  const email = state.email.trim();
  const resend = async () => {
    setSending(true);
    try {
      await sendNewCode(email);
      show({ severity: 'success', detail: t('auth.code.resent', { email }) });
    } catch (failure) {
      show({ severity: 'error', detail: t('auth.code.resendFailure', { code: errorCode(failure) }) });
    } finally {
      setSending(false);
    }
  };
  return (
    <CodeForm
      name={t('auth.code.form')}
      intro={rich(t('auth.code.intro', { email }), [<strong key="email" />])}
      label={t('auth.code.label')}
      code={state.confirmation?.code ?? ''}
      error={shownCodeError(state) ?? state.failure?.text}
      submit={t('auth.code.submit')}
      pending={pending}
      onSubmit={onSubmit}
      onCodeChange={onCodeChange}
    >
      <Link
        component="button"
        type="button"
        onClick={resend}
        disabled={sending || pending}
        sx={{ alignSelf: 'center' }}
      >
        {t('auth.code.resend')}
      </Link>
    </CodeForm>
  );
}

/**
 * The second factor's step: the password was right, and the account's authenticator app shows the code that
 * finishes the sign-in.
 */
function SecondFactorStep({ state, pending, onSubmit, onCodeChange, onBack }: CodeStepProps & { onBack: () => void }) {
  const { t } = useI18n();
  return (
    <CodeForm
      name={t('auth.secondFactor.form')}
      intro={t('auth.secondFactor.intro')}
      label={t('auth.secondFactor.label')}
      code={state.secondFactor?.code ?? ''}
      error={shownCodeError(state) ?? state.failure?.text}
      submit={t('auth.secondFactor.submit')}
      pending={pending}
      onSubmit={onSubmit}
      onCodeChange={onCodeChange}
    >
      <Link component="button" type="button" onClick={onBack} disabled={pending} sx={{ alignSelf: 'center' }}>
        {t('auth.secondFactor.back')}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {t('auth.secondFactor.lostPhone')}
      </Typography>
    </CodeForm>
  );
}

/** Sends the reset e-mail to the address entered, saying so in a toast. */
function useResetEmail(email: string) {
  const show = useToast();
  const { t } = useI18n();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendPasswordResetEmail(email);
      show({ severity: 'success', detail: t('auth.reset.sent') });
    } catch (error) {
      show({ severity: 'error', detail: t('auth.reset.sendFailure', { code: errorCode(error) }) });
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}

/** After a failed sign-in: sends the reset e-mail to the address entered. */
function ResetSuggestion({ email }: { email: string }) {
  const { send, sending } = useResetEmail(email);
  const { t } = useI18n();
  return (
    <Link component="button" type="button" onClick={send} disabled={sending} sx={{ alignSelf: 'center' }}>
      {t('auth.reset.suggestion')}
    </Link>
  );
}

/**
 * The failure in plain words, in the form beside the fields it is about (the toast keeps the provider's code).
 * An address that already has an account gets the ways on: sign in with it, or reset its password.
 */
function FailureMessage({ id, failure, email }: { id: string; failure: LoginFailure; email: string }) {
  const { send, sending } = useResetEmail(email);
  const location = useLocation();
  const { t } = useI18n();
  return (
    // Not a live region of its own: the toast announces the failure, the fields point here.
    <Alert id={id} severity="error" role="note">
      {failure.text}
      {failure.accountExists && (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginTop: 8 }}>
          <Link component={RouterLink} to={paths.signIn} state={location.state}>
            {t('auth.failure.signIn')}
          </Link>
          <Link component="button" type="button" onClick={send} disabled={sending}>
            {t('auth.failure.sendReset')}
          </Link>
        </span>
      )}
    </Alert>
  );
}
