// /admin/settings: the admin group and the remote configuration values the site reads.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminsSection } from './AdminsSection';
import { ConfigSection } from './ConfigSection';

export function SettingsPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <div>
        <Typography variant="h4" component="h1">
          Admins and Settings
        </Typography>
        <Typography color="text.secondary">Who may use the administration screens, and the values the site's footer, sidebar and banner show.</Typography>
      </div>
      <AdminsSection />
      <ConfigSection />
    </Stack>
  );
}
