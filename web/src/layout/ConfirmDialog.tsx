// The confirmation every change that cannot be taken back goes through (a family's cancellations and
// deletions, an administrator's changes): it runs the change, keeps the dialog open with the server's
// message when it fails, and closes when it succeeds.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { asApiError } from '../api/client';
import { useI18n } from '../i18n/common';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button, e.g. "Cancel enrollment". */
  confirmLabel: string;
  /** The button that closes without a change ("Keep it" unless given). */
  keepLabel?: string;
  /** The confirming button's text while the change runs ("Working…" unless given). */
  busyLabel?: string;
  destructive?: boolean;
  confirmDisabled?: boolean;
  /** Makes the change; a rejection shows its message in the dialog. */
  action: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  keepLabel,
  busyLabel,
  destructive = false,
  confirmDisabled = false,
  action,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
      onClose();
    } catch (error) {
      setFailure(asApiError(error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {keepLabel ?? t('common.confirm.keep')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={busy || confirmDisabled}
          onClick={() => void confirm()}
        >
          {busy ? (busyLabel ?? t('common.confirm.busy')) : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
