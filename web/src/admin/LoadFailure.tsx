import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ApiError } from '../api/client';

/** What an administration screen shows when its data could not be loaded, with a way to try again. */
export function LoadFailure({ what, error, onRetry }: { what: string; error: ApiError; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
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
