import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/i18n';
import { rich } from '../i18n/rich';
import { useRemoteConfig } from './RemoteConfig';

/** The copyright line, the privacy policy and the help line; the addresses are remote configuration. */
export function Footer() {
  const { privacyPolicyUrl, contactEmail } = useRemoteConfig();
  const { t } = useI18n();
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 3,
        px: 2,
        textAlign: 'center',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2">{t('start.footer.rights')}</Typography>
      {privacyPolicyUrl && (
        <Typography variant="body2">
          <Link href={privacyPolicyUrl}>{t('start.footer.privacy')}</Link>
        </Typography>
      )}
      {contactEmail && (
        <Typography variant="body2">
          {rich(t('start.footer.help', { email: contactEmail }), [<Link href={`mailto:${contactEmail}`} />])}
        </Typography>
      )}
    </Box>
  );
}
