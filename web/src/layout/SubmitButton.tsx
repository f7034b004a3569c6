// A form's submit button that, while its call runs, is disabled and shows progress (announced as "Please wait").
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export function SubmitButton({ pending, ...props }: { pending: boolean } & Omit<ButtonProps, 'type' | 'disabled'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={pending}
      startIcon={pending && <CircularProgress size={18} color="inherit" aria-label="Please wait" />}
      {...props}
    />
  );
}
