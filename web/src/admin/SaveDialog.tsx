// A dialog that creates or changes one record: its fields, why the save failed, and its save buttons
// (closing waits for the save too).
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { SaveButtons } from '../layout/SaveButtons';

interface SaveDialogProps {
  title: string;
  saveLabel: string;
  saving: boolean;
  /** Why the last save failed, if it did. */
  message?: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

export function SaveDialog({ title, saveLabel, saving, message, onSubmit, onClose, children }: SaveDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {message && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <SaveButtons saveLabel={saveLabel} saving={saving} onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
