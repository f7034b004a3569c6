import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../api/session';
import { useI18n } from '../i18n/i18n';
import { lazily } from './lazily';
import { paths } from './paths';

// Only signed-in users need the menu, so visitors never download it.
const UserMenu = lazily(() => import('./UserMenu'), 'UserMenu');

/** The header's user button: "Register / Sign In" for visitors, the account menu once signed in. */
export function UserButton({ compact }: { compact: boolean }) {
  const { status } = useAuth();
  const { t } = useI18n();
  if (status === 'signedIn') {
    return (
      <Suspense fallback={<Box sx={{ width: 48 }} />}>
        <UserMenu />
      </Suspense>
    );
  }
  if (status === 'loading') return null;
  return (
    <Button component={RouterLink} to={paths.createAccount} color="inherit" variant="outlined" sx={{ flexShrink: 0 }}>
      {t(compact ? 'header.account' : 'header.signIn')}
    </Button>
  );
}
