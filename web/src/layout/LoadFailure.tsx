import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';

interface LoadFailureProps extends Pick<AlertProps, 'severity' | 'sx'> {
  /**
   * What could not be loaded, as the sentence's subject, in the reader's language (a message of the screen's
   * catalogue): "The roster" / "La lista" (Spanish puts it first too: "La lista: no se pudo cargar. …").
   */
  what: string;
  error: Pick<ApiError, 'message'>;
  onRetry: () => void;
}

/** What a screen shows when its data could not be loaded, with a way to try again. */
export function LoadFailure({ what, error, onRetry, severity = 'error', sx }: LoadFailureProps) {
  const { t } = useI18n();
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('start.loadFailure.retry')}
        </Button>
      }
    >
      {t('start.loadFailure.text', { what, message: error.message })}
    </Alert>
  );
}
