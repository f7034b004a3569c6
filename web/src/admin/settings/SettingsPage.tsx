// /admin/settings: the admin group and the remote configuration values the site reads.
import Stack from '@mui/material/Stack';
import { AdminsSection } from './AdminsSection';
import { ConfigSection } from './ConfigSection';
import { PageTitle } from '../../layout/PageTitle';

export function SettingsPage() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle
        title="Admins and Settings"
        summary="Who may use the administration screens, and the values the site's footer, sidebar and banner show."
      />
      <AdminsSection />
      <ConfigSection />
    </Stack>
  );
}
