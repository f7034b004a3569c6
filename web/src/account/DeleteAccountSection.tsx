// Deleting the account, after a clear confirmation: its enrollments are cancelled (their seats go to the
// waitlists), its children removed, and the user deleted.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { callFunction } from '../api/client';
import { asApiError } from '../api/useFunction';
import { useAuth } from '../auth/AuthProvider';
import { useToast } from '../layout/toast';

const CONFIRMATION = 'DELETE';

export function DeleteAccountSection() {
  const { signOut } = useAuth();
  const show = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const deleteAccount = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await callFunction('deleteAccount');
      show({ severity: 'success', summary: 'Account deleted', detail: 'Your account, your children and their enrollments were deleted.' });
      await signOut();
    } catch (error) {
      setFailure(asApiError(error).message);
      setBusy(false);
    }
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>Deleting your account cancels every enrollment and waitlist place of your children and deletes their details. It cannot be undone.</Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Every enrollment and waitlist place is cancelled and offered to the next child in line, your children's details are deleted, and you are signed out. Type{' '}
            <strong>{CONFIRMATION}</strong> to confirm.
          </DialogContentText>
          <TextField label={`Type ${CONFIRMATION}`} value={typed} onChange={(event) => setTyped(event.target.value)} fullWidth autoComplete="off" />
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Keep my account
          </Button>
          <Button color="error" variant="contained" disabled={busy || typed !== CONFIRMATION} onClick={() => void deleteAccount()}>
            {busy ? 'Deleting…' : 'Delete account'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
