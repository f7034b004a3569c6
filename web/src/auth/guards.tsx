// Route guards: /account needs a user, /admin the admin role with the second factor on. While the user, their
// roles or their second factor load they wait, so no wrong page flashes.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signInFirstFor } from '../layout/signInFirst';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { Waiting } from '../layout/Waiting';
import { secondFactorKey, useAuth } from '../api/session';
import { rememberPath } from '../layout/returnPath';
import { paths } from '../layout/paths';
import { useI18n } from '../i18n/i18n';

/** Remembers the wanted path and goes to the sign-in screen; after sign-in the user comes back to it. */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Already on the way there: a page that signs the user out sends them to sign in itself, with its reason
    // (the protected page stays on screen while the sign-in page loads).
    if (pathname === paths.signIn || pathname === paths.createAccount) return;
    rememberPath(pathname + search + hash);
    const first = signInFirstFor(pathname, hash);
    void navigate(first?.to ?? paths.signIn, { replace: true, ...(first && { state: { purpose: first.purpose } }) });
  }, [pathname, search, hash, navigate]);
  return null;
}

/** Any signed-in user (the /account pages). */
export function RequireUser({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Waiting />;
  if (status === 'signedOut') return <SignInFirst />;
  return children ?? <Outlet />;
}

/**
 * Users with role admin (the /admin pages); a signed-in non-admin goes to "/". An administrator whose second
 * factor is off is shown where to turn it on: the server refuses them every admin function until then.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, roles, isAdmin, user } = useAuth();
  const { t } = useI18n();
  const secondFactor = useQuery({
    queryKey: secondFactorKey(user?.sub),
    // Amplify's account calls load with the admin area, not at start-up.
    queryFn: async () => (await import('../api/secondFactor')).secondFactorIsOn(),
    enabled: isAdmin,
  });
  if (status === 'loading' || (status === 'signedIn' && !roles)) return <Waiting />;
  if (status === 'signedOut') return <SignInFirst />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  if (secondFactor.isPending) return <Waiting />;
  if (secondFactor.isError)
    return (
      <LoadFailure
        what={t('auth.admin.secondFactorLoad')}
        error={secondFactor.error}
        onRetry={() => void secondFactor.refetch()}
      />
    );
  if (!secondFactor.data) return <SecondFactorFirst />;
  return children ?? <Outlet />;
}

/** In place of an admin screen, for an administrator whose second factor is off. */
function SecondFactorFirst() {
  const { t } = useI18n();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', alignItems: 'flex-start' }}>
      <PageTitle title={t('auth.admin.secondFactorTitle')} />
      <Typography>{t('auth.admin.secondFactorWhy')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.manageAccount}>
        {t('auth.admin.secondFactorSetUp')}
      </Button>
    </Stack>
  );
}
