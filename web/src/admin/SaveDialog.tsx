// A dialog that creates or changes one record: its fields, why the save failed, and its save buttons
// (closing waits for the save too).
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { SaveButtons } from '../layout/SaveButtons';
import { useCloseGuard } from '../layout/useCloseGuard';

interface SaveDialogProps {
  title: string;
  saveLabel: string;
  saving: boolean;
  /** Why the last save failed, if it did. */
  message?: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** Something was typed: Escape or a click outside asks before it is lost. */
  dirty: boolean;
  /** useSave's form, whose first problem is focused when a save is refused. */
  formRef: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}

export function SaveDialog(props: SaveDialogProps) {
  const { title, saveLabel, saving, message, onSubmit, onClose, dirty, formRef, children } = props;
  const titleId = useId();
  const { close, question } = useCloseGuard(dirty, onClose);
  return (
    <Dialog open onClose={saving ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {question}
      <form noValidate onSubmit={onSubmit} ref={formRef}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {message && (
            <Alert severity="error" sx={{ mt: 2 }} tabIndex={-1} data-save-message>
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
