// A first visit's orientation above the classes: who the programme is for, where it meets, how registration
// and the waitlist work, and whom to contact. Administrators write it in the remote configuration
// (`orientation`); without it there is nothing to show.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRemoteConfig } from '../layout/RemoteConfig';
import { useI18n } from '../i18n/classes';
import { Written } from '../i18n/Written';

export function Orientation() {
  const { orientation, orientationEs } = useRemoteConfig();
  const { t } = useI18n();
  if (typeof orientation !== 'string' || orientation.trim() === '') return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="orientation-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="orientation-title" variant="h6" component="h2" gutterBottom>
        {t('classes.orientation.title')}
      </Typography>
      {/* The text's own line breaks are its paragraphs. */}
      <Typography sx={{ whiteSpace: 'pre-line' }}>
        <Written en={orientation.trim()} es={orientationEs?.trim()} />
      </Typography>
    </Paper>
  );
}
