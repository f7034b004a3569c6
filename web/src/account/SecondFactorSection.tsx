// "Second factor" on Manage Account: an authenticator app's code asked at sign-in after the password. Turning it
// on shows the key as a QR code and as text, takes a code from the app to prove it holds the key, then signs the
// account out everywhere; turning it off asks first. An administrator is told the admin screens need it.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  endEverySession,
  isWrongCode,
  newSecondFactorKey,
  secondFactorIsOn,
  turnOffSecondFactor,
  turnOnSecondFactor,
} from '../api/secondFactor';
import { errorCode } from '../api/providerError';
import { secondFactorKey, useAuth } from '../api/session';
import { i18n, useI18n } from '../i18n/account';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { paths } from '../layout/paths';
import { useToast } from '../layout/toast';
import { useCopy } from '../layout/useCopy';
import { Waiting } from '../layout/Waiting';

/** What the sign-in page says once the second factor is on and every session has ended. */
const secondFactorOn = () => i18n._('account.secondFactor.isOn');

/** What is wrong with the code typed in the set-up. */
type CodeProblem = 'sixDigits' | 'wrongCode';

export function SecondFactorSection() {
  const { user, isAdmin } = useAuth();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const show = useToast();
  const state = useQuery({ queryKey: secondFactorKey(user?.sub), queryFn: secondFactorIsOn });
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  if (state.isPending) return <Waiting />;
  if (state.isError)
    return (
      <LoadFailure what={t('account.secondFactor.loadWhat')} error={state.error} onRetry={() => void state.refetch()} />
    );
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {state.data ? (
        <>
          <Typography>{t('account.secondFactor.on')}</Typography>
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
            {t('account.secondFactor.turnOffButton')}
          </Button>
        </>
      ) : (
        <>
          <Typography>{t('account.secondFactor.intro')}</Typography>
          {isAdmin && <Alert severity="warning">{t('account.secondFactor.adminNeeds')}</Alert>}
          <Button variant="contained" onClick={() => setSettingUp(true)}>
            {t('account.secondFactor.turnOnButton')}
          </Button>
        </>
      )}
      {settingUp && (
        <SetUpDialog
          account={user?.email ?? ''}
          // What the admin area's guard reads too: on sign-in again it opens at once, without asking first.
          onTurnedOn={() => queryClient.setQueryData(secondFactorKey(user?.sub), true)}
          onClose={() => setSettingUp(false)}
        />
      )}
      {turningOff && (
        <ConfirmDialog
          title={t('account.secondFactor.offTitle')}
          confirmLabel={t('account.secondFactor.turnOff')}
          destructive
          onClose={() => setTurningOff(false)}
          action={async () => {
            await turnOffSecondFactor();
            await queryClient.invalidateQueries({ queryKey: secondFactorKey(user?.sub) });
            show({ severity: 'success', detail: t('account.secondFactor.isOff') });
          }}
        >
          <DialogContentText>
            {isAdmin ? t('account.secondFactor.offTextAdmin') : t('account.secondFactor.offText')}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/**
 * The QR code of the link an authenticator app adds the account from, drawn as an SVG image; null when it could
 * not be drawn (its code did not load), and the setup key is typed instead.
 */
function useQrCode(link: string | undefined): string | null | undefined {
  const [image, setImage] = useState<string | null>();
  useEffect(() => {
    if (!link) return;
    let current = true;
    // Loaded with the dialog only: nothing else on the site draws a QR code.
    void import('qrcode')
      .then((qrcode) => qrcode.toString(link, { type: 'svg', margin: 2 }))
      .then(
        (svg) => current && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => current && setImage(null),
      );
    return () => {
      current = false;
    };
  }, [link]);
  return image;
}

/** The set-up: the key (scanned or typed into the app), then the app's code to prove it. */
function SetUpDialog({
  account,
  onTurnedOn,
  onClose,
}: {
  account: string;
  onTurnedOn: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { t } = useI18n();
  const navigate = useNavigate();
  const show = useToast();
  const key = useQuery({
    queryKey: ['secondFactorKey', account],
    queryFn: () => newSecondFactorKey(account),
    // A new key each time the dialog opens: the last one asked for is the one the pool checks codes against.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const qrCode = useQrCode(key.data?.link);
  const { field: keyField, copy } = useCopy(t('account.secondFactor.keyName'));
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<CodeProblem>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return setProblem('sixDigits');
    setBusy(true);
    setProblem(undefined);
    try {
      await turnOnSecondFactor(typed);
    } catch (error) {
      setBusy(false);
      if (isWrongCode(error)) return setProblem('wrongCode');
      return show({ severity: 'error', detail: t('account.secondFactor.notTurnedOn', { code: errorCode(error) }) });
    }
    onTurnedOn();
    // To the sign-in first, told to stay there while the sessions end (a protected page would leave for it
    // on its own, without the reason).
    void navigate(paths.signIn, { replace: true, state: { purpose: secondFactorOn(), signingOut: true } });
    await endEverySession().catch((error: unknown) =>
      show({
        severity: 'error',
        detail: t('account.secondFactor.sessionsLeft', { code: errorCode(error) }),
      }),
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('account.secondFactor.setUpTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          {key.isPending && <Waiting />}
          {key.isError && (
            <Alert severity="error">{t('account.secondFactor.keyFailed', { code: errorCode(key.error) })}</Alert>
          )}
          {key.data && (
            <Stack spacing={2}>
              <Typography>{t('account.secondFactor.stepScan')}</Typography>
              {qrCode ? (
                <Box
                  component="img"
                  src={qrCode}
                  alt={t('account.secondFactor.qrAlt')}
                  sx={{ width: 200, height: 200, alignSelf: 'center' }}
                />
              ) : qrCode === null ? (
                <Alert severity="warning">{t('account.secondFactor.qrFailed')}</Alert>
              ) : (
                <Waiting />
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  label={t('account.secondFactor.keyLabel')}
                  value={key.data.key}
                  inputRef={keyField}
                  slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
                <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(key.data.key)} sx={{ flexShrink: 0 }}>
                  {t('account.secondFactor.copy')}
                </Button>
              </Stack>
              <Typography>{t('account.secondFactor.stepCode')}</Typography>
              <TextField
                label={t('account.secondFactor.codeLabel')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setProblem(undefined);
                }}
                error={!!problem}
                helperText={
                  problem === 'sixDigits'
                    ? t('account.secondFactor.sixDigits')
                    : problem === 'wrongCode'
                      ? t('account.secondFactor.wrongCode')
                      : t('account.secondFactor.codeHelp')
                }
                fullWidth
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('account.secondFactor.notNow')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !key.data}>
            {busy ? t('account.secondFactor.turningOn') : t('account.secondFactor.turnOn')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
