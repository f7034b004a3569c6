// /user/reset, opened from the reset e-mail's link (?email=…&code=…): choose a new password, then be signed in.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SubmitButton } from '../layout/SubmitButton';
import { useToast } from '../layout/toast';
import { errorCode, sendPasswordResetEmail, setNewPassword, signInAfterReset } from './identity';
import { rememberedPath } from '../layout/returnPath';
import { SignInCard } from './SignInCard';
import { emailAddress, fieldMessage, hasErrors, policyPassword, required, validate, type Rules } from './validation';
import { paths } from '../layout/paths';
import { i18n, useI18n } from '../i18n/signIn';
import { passwordHint } from './passwordHint';

interface ResetForm {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}

// Messages are functions, so each is said in the language active when it shows.
const rules: Rules<ResetForm> = {
  email: [required('email', () => i18n._('auth.field.emailRequired')), emailAddress('email')],
  code: [required('code', () => i18n._('auth.reset.codeRequired'))],
  password: [required('password', () => i18n._('auth.field.passwordRequired')), policyPassword('password')],
  confirmation: [
    {
      passes: ({ password, confirmation }) => password === confirmation,
      message: () => i18n._('auth.reset.noMatch'),
    },
  ],
};

/** What went wrong with the code or password, in words; anything else is named by its code. */
function problemText(code: string): string {
  const t = i18n._.bind(i18n);
  switch (code) {
    case 'CodeMismatchException':
      return t('auth.reset.codeMismatch');
    case 'ExpiredCodeException':
      return t('auth.reset.codeExpired');
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return t('auth.reset.tooMany');
    case 'InvalidPasswordException':
      return t('auth.reset.weakPassword', { hint: passwordHint() });
    case 'UserNotFoundException':
      return t('auth.reset.noAccount');
    default:
      return t('auth.reset.failure', { code });
  }
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const show = useToast();
  const { t } = useI18n();
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
      show({ severity: 'success', summary: t('auth.toast.success'), detail: t('auth.reset.done') });
      await navigate(rememberedPath(), { replace: true });
    } catch (error) {
      show({ severity: 'error', detail: t('auth.reset.signInFailed', { code: errorCode(error) }) });
      await navigate(paths.signIn, { replace: true });
    }
  };

  const sendNewEmail = async () => {
    try {
      await sendPasswordResetEmail(form.email.trim());
      show({ severity: 'success', detail: t('auth.reset.sent') });
    } catch (error) {
      show({ severity: 'error', detail: t('auth.reset.sendFailure', { code: errorCode(error) }) });
    }
  };

  return (
    <SignInCard title={t('auth.reset.title')}>
      <Typography>{t('auth.reset.intro')}</Typography>
      {problem && (
        <Alert
          severity="error"
          action={
            form.email.trim() && (
              <Button color="inherit" size="small" onClick={sendNewEmail}>
                {t('auth.reset.sendNew')}
              </Button>
            )
          }
        >
          {problemText(problem)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label={t('auth.reset.title')}
        style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
      >
        <TextField label={t('auth.field.email')} type="email" autoComplete="username" {...field('email')} />
        <TextField label={t('auth.reset.codeLabel')} autoComplete="one-time-code" {...field('code')} />
        <TextField
          label={t('auth.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...field('password')}
          helperText={field('password').helperText ?? passwordHint()}
        />
        <TextField
          label={t('auth.reset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmation')}
        />
        <SubmitButton pending={pending} size="large">
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
    </SignInCard>
  );
}
