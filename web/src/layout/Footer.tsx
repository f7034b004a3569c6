import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRemoteConfig } from './RemoteConfig';

/** The copyright line, the privacy policy and the help line; the addresses are remote configuration. */
export function Footer() {
  const { privacyPolicyUrl, contactEmail } = useRemoteConfig();
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
      <Typography variant="body2">© 2025 Mountain School Programme. All rights reserved.</Typography>
      {privacyPolicyUrl && (
        <Typography variant="body2">
          <Link href={privacyPolicyUrl}>Privacy Policy</Link>
        </Typography>
      )}
      {contactEmail && (
        <Typography variant="body2">
          Need help? Write to <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
        </Typography>
      )}
    </Box>
  );
}
