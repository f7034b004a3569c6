// Deleting the account, after a clear confirmation. The family's last guardian deletes the family: its
// enrollments are cancelled (their seats go to the waitlists), its children removed, and the user deleted. A
// guardian whose family has another one leaves it: the children and enrollments stay with the others.
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { useAuth } from '../api/session';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useToast } from '../layout/toast';

const CONFIRMATION = 'DELETE';

export function DeleteAccountSection() {
  const { signOut } = useAuth();
  const deleteAccount = useChange('deleteAccount');
  const show = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const others = (useFunction('guardians').data?.guardians ?? []).filter((guardian) => !guardian.you);
  const leaves = others.length > 0;
  const stayWith = others.map((guardian) => guardian.email).join(', ');

  const deleteEverything = async () => {
    await deleteAccount.mutateAsync({});
    show({
      severity: 'success',
      summary: 'Account deleted',
      detail: leaves
        ? `Your account was deleted. The children and their enrollments stay with ${stayWith}.`
        : 'Your account, your children and their enrollments were deleted.',
    });
    await signOut();
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {leaves
          ? `Deleting your account takes you off your family: the children and their enrollments stay with ${stayWith}. It cannot be undone.`
          : 'Deleting your account cancels every enrollment and waitlist place of your children and deletes their details. It cannot be undone.'}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Delete account"
          keepLabel="Keep my account"
          busyLabel="Deleting…"
          destructive
          confirmDisabled={typed !== CONFIRMATION}
          action={deleteEverything}
          onClose={() => setOpen(false)}
        >
          <DialogContentText sx={{ mb: 2 }}>
            {leaves
              ? `You leave your family (the children and their enrollments stay with ${stayWith}), your account is deleted, and you are signed out. `
              : "Every enrollment and waitlist place is cancelled and offered to the next child in line, your children's details are deleted, and you are signed out. "}
            Type <strong>{CONFIRMATION}</strong> to confirm.
          </DialogContentText>
          <TextField
            label={`Type ${CONFIRMATION}`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            fullWidth
            autoComplete="off"
          />
        </ConfirmDialog>
      )}
    </>
  );
}
