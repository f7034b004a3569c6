// Route guards: /account needs a user, /admin the admin role. While the user or their roles load they wait,
// so no wrong page flashes.
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Waiting } from '../layout/Waiting';
import { useAuth } from '../api/session';
import { rememberPath } from '../layout/returnPath';
import { paths } from '../layout/paths';

/** Remembers the wanted path and goes to the sign-in screen; after sign-in the user comes back to it. */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberPath(pathname + search + hash);
    void navigate(paths.signIn, { replace: true });
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

/** Users with role admin (the /admin pages); a signed-in non-admin goes to "/". */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, roles, isAdmin } = useAuth();
  if (status === 'loading' || (status === 'signedIn' && !roles)) return <Waiting />;
  if (status === 'signedOut') return <SignInFirst />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
