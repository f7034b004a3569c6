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
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { paths } from '../layout/paths';
import { useToast } from '../layout/toast';
import { useCopy } from '../layout/useCopy';
import { Waiting } from '../layout/Waiting';

/** What the sign-in page says once the second factor is on and every session has ended. */
export const SECOND_FACTOR_ON =
  'Your second factor is on. Sign in again with your password and a code from your authenticator app; every other session of this account has ended.';

export function SecondFactorSection() {
  const { user, isAdmin } = useAuth();
  const queryClient = useQueryClient();
  const show = useToast();
  const state = useQuery({ queryKey: secondFactorKey(user?.sub), queryFn: secondFactorIsOn });
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  if (state.isPending) return <Waiting />;
  if (state.isError)
    return <LoadFailure what="Your second factor" error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {state.data ? (
        <>
          <Typography>On: sign-in asks for a code from your authenticator app.</Typography>
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
            Turn off second factor
          </Button>
        </>
      ) : (
        <>
          <Typography>
            After your password, sign-in asks for a 6-digit code from an authenticator app on your phone (such as Google
            Authenticator, Microsoft Authenticator or 1Password): someone who learns your password still cannot sign in.
          </Typography>
          {isAdmin && <Alert severity="warning">Administrators must turn it on to use the admin screens.</Alert>}
          <Button variant="contained" onClick={() => setSettingUp(true)}>
            Turn on second factor
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
          title="Turn off the second factor?"
          confirmLabel="Turn off"
          destructive
          onClose={() => setTurningOff(false)}
          action={async () => {
            await turnOffSecondFactor();
            await queryClient.invalidateQueries({ queryKey: secondFactorKey(user?.sub) });
            show({ severity: 'success', detail: 'Your second factor is off: sign-in asks for the password alone.' });
          }}
        >
          <DialogContentText>
            Sign-in will ask for your password alone.
            {isAdmin && ' The admin screens will refuse you until you turn it on again.'}
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
  const { field: keyField, copy } = useCopy('setup key');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return setProblem('Type the 6 digits your authenticator app shows');
    setBusy(true);
    setProblem(undefined);
    try {
      await turnOnSecondFactor(typed);
    } catch (error) {
      setBusy(false);
      if (isWrongCode(error))
        return setProblem('This code is not right. Type the 6 digits your authenticator app shows now.');
      return show({ severity: 'error', detail: `The second factor could not be turned on (${errorCode(error)}).` });
    }
    onTurnedOn();
    // To the sign-in first, told to stay there while the sessions end (a protected page would leave for it
    // on its own, without the reason).
    void navigate(paths.signIn, { replace: true, state: { purpose: SECOND_FACTOR_ON, signingOut: true } });
    await endEverySession().catch((error: unknown) =>
      show({
        severity: 'error',
        detail: `Your second factor is on, but the other sessions could not be ended (${errorCode(error)}): sign out, then in again.`,
      }),
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Turn on the second factor</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          {key.isPending && <Waiting />}
          {key.isError && (
            <Alert severity="error">
              The key for your app could not be made ({errorCode(key.error)}). Close this and try again in a moment.
            </Alert>
          )}
          {key.data && (
            <Stack spacing={2}>
              <Typography>
                1. In your authenticator app, add an account and scan this QR code, or type the setup key.
              </Typography>
              {qrCode ? (
                <Box
                  component="img"
                  src={qrCode}
                  alt="QR code that adds this account to an authenticator app"
                  sx={{ width: 200, height: 200, alignSelf: 'center' }}
                />
              ) : qrCode === null ? (
                <Alert severity="warning">The QR code could not be shown: type the setup key into the app.</Alert>
              ) : (
                <Waiting />
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  label="Setup key"
                  value={key.data.key}
                  inputRef={keyField}
                  slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
                  onFocus={(event) => event.target.select()}
                  fullWidth
                />
                <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(key.data.key)} sx={{ flexShrink: 0 }}>
                  Copy
                </Button>
              </Stack>
              <Typography>2. Type the 6-digit code the app now shows for this account.</Typography>
              <TextField
                label="Code from the app"
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setProblem(undefined);
                }}
                error={!!problem}
                helperText={problem ?? 'Once it is on, every session of this account ends: sign in again with a code.'}
                fullWidth
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Not now
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !key.data}>
            {busy ? 'Turning on…' : 'Turn on'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
