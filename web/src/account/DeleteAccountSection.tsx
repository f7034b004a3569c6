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
import { useI18n } from '../i18n/account';
import { rich } from '../i18n/rich';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useToast } from '../layout/toast';

export function DeleteAccountSection() {
  const { t } = useI18n();
  /** The word typed to confirm, in the reader's language ("DELETE"). */
  const confirmation = t('account.delete.word');
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
      summary: t('account.delete.deleted'),
      detail: leaves ? t('account.delete.deletedLeaving', { guardians: stayWith }) : t('account.delete.deletedAll'),
    });
    await signOut();
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {leaves ? t('account.delete.introLeaving', { guardians: stayWith }) : t('account.delete.introAll')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('account.delete.button')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('account.delete.title')}
          confirmLabel={t('account.delete.confirm')}
          keepLabel={t('account.delete.keep')}
          busyLabel={t('account.delete.deleting')}
          destructive
          confirmDisabled={typed !== confirmation}
          action={deleteEverything}
          onClose={() => setOpen(false)}
        >
          <DialogContentText sx={{ mb: 2 }}>
            {rich(
              leaves
                ? t('account.delete.textLeaving', { guardians: stayWith, word: confirmation })
                : t('account.delete.textAll', { word: confirmation }),
              [<strong />],
            )}
          </DialogContentText>
          <TextField
            label={t('account.delete.typeLabel', { word: confirmation })}
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
