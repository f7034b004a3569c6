import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useI18n } from '../i18n/i18n';

/** Shown while a screen, or what decides whether it may be shown, is loading. */
export function Waiting() {
  const { t } = useI18n();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('start.waiting')} />
    </Box>
  );
}
