// A dialog that holds what someone typed is not thrown away by Escape or a click beside it without asking
// (closing the class picker of "New class group" with Escape used to close the whole dialog). Its own Cancel
// button still closes at once: that is a choice, not a slip.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/common';

type CloseReason = 'backdropClick' | 'escapeKeyDown';

/**
 * `close` for the dialog's onClose: with `dirty`, Escape and a click outside ask first; `question` is the
 * question to render beside the dialog.
 */
export function useCloseGuard(
  dirty: boolean,
  onClose: () => void,
): {
  close: (event?: unknown, reason?: CloseReason) => void;
  question: ReactNode;
} {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const close = (_event?: unknown, reason?: CloseReason) => (dirty && reason ? setAsking(true) : onClose());
  const question = asking && (
    <Dialog open onClose={() => setAsking(false)} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{t('common.closeGuard.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('common.closeGuard.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            setAsking(false);
            onClose();
          }}
        >
          {t('common.closeGuard.discard')}
        </Button>
        <Button variant="contained" onClick={() => setAsking(false)} autoFocus>
          {t('common.closeGuard.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { close, question };
}
