// A form's submit button that, while its call runs, is disabled and shows progress (announced as "Please wait").
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useI18n } from '../i18n/common';

export function SubmitButton({ pending, ...props }: { pending: boolean } & Omit<ButtonProps, 'type' | 'disabled'>) {
  const { t } = useI18n();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={pending}
      startIcon={pending && <CircularProgress size={18} color="inherit" aria-label={t('common.submit.wait')} />}
      {...props}
    />
  );
}
