// Changing the password on Manage Account, in the portal's own fields and buttons (like every other form of
// the site): the current password, the new one with the rules under it from the start, and the new one again.
// The user pool checks the current password; what it refuses is said under the field it is about.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { draftFields } from '../layout/draftFields';
import { updatePassword } from 'aws-amplify/auth';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_POLICY } from '@contract/passwordPolicy';
import { passwordProblemText } from '../i18n/passwordProblem';
// Amplify configured before the call reaches the user pool (it is, once someone is signed in).
import '../api/amplify';
import { i18n, useI18n } from '../i18n/account';
import { SubmitButton } from '../layout/SubmitButton';
import { useToast } from '../layout/toast';

interface Passwords {
  current: string;
  chosen: string;
  again: string;
}

const EMPTY: Passwords = { current: '', chosen: '', again: '' };

/**
 * The password rules under the new password's field, in the active language; in English exactly the contract's
 * PASSWORD_HINT (like the sign-in screens' auth.password.hint; test/web/i18n-account.test.tsx holds the two together).
 */
const passwordHint = () => i18n._('account.password.hint', { minLength: PASSWORD_POLICY.minLength });

/**
 * What is wrong with the form before any call, by field, in the active language.
 */
function formProblems({ current, chosen, again }: Passwords): Partial<Passwords> {
  return {
    ...(current === '' && { current: i18n._('account.password.currentRequired') }),
    ...(chosen === ''
      ? { chosen: i18n._('account.password.newRequired') }
      : passwordProblemText(chosen) && { chosen: passwordProblemText(chosen) }),
    ...(again !== chosen && { again: i18n._('account.password.noMatch') }),
  };
}

/**
 * The user pool's refusal, under the field it is about. A new password that passes the policy here is not the
 * problem: the local user pool answers a wrong current password with InvalidPasswordException (Cognito with
 * NotAuthorizedException).
 */
function refusal(code: string, chosen: string): Refusal {
  const weak = code === 'InvalidPasswordException' && passwordProblemText(chosen) !== undefined;
  if (code === 'NotAuthorizedException' || (code === 'InvalidPasswordException' && !weak))
    return { field: 'current', text: () => i18n._('account.password.currentWrong') };
  if (weak) return { field: 'chosen', text: () => i18n._('account.password.tooWeak', { hint: passwordHint() }) };
  if (code === 'LimitExceededException' || code === 'TooManyRequestsException')
    return { field: 'form', text: () => i18n._('account.password.tooMany') };
  return { field: 'form', text: () => i18n._('account.password.failed', { code }) };
}

/** The refusal's field, and its words (a function: said in the language active when they show). */
interface Refusal {
  field: keyof Passwords | 'form';
  text: () => string;
}

export function ChangePassword() {
  const { t } = useI18n();
  const show = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [passwords, setPasswords] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState<Refusal>();
  const problems: Partial<Passwords> = {
    ...(checked ? formProblems(passwords) : {}),
    ...(refused && refused.field !== 'form' && { [refused.field]: refused.text() }),
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
      show({ severity: 'success', summary: t('account.password.success'), detail: t('account.password.changed') });
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
      aria-label={t('account.password.form')}
    >
      {field('current', t('account.password.current'), 'current-password')}
      {field('chosen', t('account.password.new'), 'new-password', passwordHint())}
      {field('again', t('account.password.again'), 'new-password')}
      {refused?.field === 'form' && <Alert severity="error">{refused.text()}</Alert>}
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('account.password.submit')}
      </SubmitButton>
    </Stack>
  );
}
