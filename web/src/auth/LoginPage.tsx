import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../api/session';
import { LoginForm } from './LoginForm';
import type { LoginMode } from './failures';
import { rememberedPath } from '../layout/returnPath';

/**
 * /user/login and /user/create: once someone is signed in here, they go on to the remembered path (unless the
 * page that sent them here is signing them out: `signingOut` in the location's state).
 */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { signingOut?: boolean } | null;
  const signingOut = !!state?.signingOut;
  useEffect(() => {
    if (status === 'signedIn' && !signingOut) void navigate(rememberedPath(), { replace: true });
    // Signed out now: the next sign-in here goes on as any other.
    if (status === 'signedOut' && signingOut)
      void navigate(location.pathname + location.search, { replace: true, state: { ...state, signingOut: false } });
  }, [status, signingOut, state, location.pathname, location.search, navigate]);
  return <LoginForm mode={mode} email={params.get('email') ?? ''} />;
}
