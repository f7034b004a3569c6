import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ApiError } from '../api/client';

interface LoadFailureProps extends Pick<AlertProps, 'severity' | 'sx'> {
  /** What could not be loaded, as the sentence's subject: "The roster". */
  what: string;
  error: Pick<ApiError, 'message'>;
  onRetry: () => void;
}

/** What a screen shows when its data could not be loaded, with a way to try again. */
export function LoadFailure({ what, error, onRetry, severity = 'error', sx }: LoadFailureProps) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {what} could not be loaded: {error.message}
    </Alert>
  );
}
