// Who is signed in (Amplify, against the user pool) and their roles, which come from the `roles` function,
// never from the client alone: the session every screen reads with useAuth() (web/src/api/session.ts).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ADMIN_GROUP } from '@contract/manifest';
import { fetchFunction, functionKey } from '../api/queries';
import { type Auth, AuthContext, currentUser, onSessionEnd, type SignInAgain, type User } from '../api/session';
import { onSignInChange, signingOut } from '../api/signIns';
import { useToast } from '../layout/toast';
import { forgetRememberedPath, rememberPath } from '../layout/returnPath';
import { paths } from '../layout/paths';
import { i18n } from '../i18n/i18n';

/** The identity calls load with the screens that use them, not at start-up. */
const signOutOfUserPool = async () => (await import('./identity')).signOutOfUserPool();

/** The manifest's admin group, typed against it so the two cannot drift, without bundling the manifest. */
const ADMIN_ROLE: typeof ADMIN_GROUP = 'admin';

/** The signed-in user, undefined when signed out, null until known; follows the sign-in events. */
function useCurrentUser(): User | undefined | null {
  const [user, setUser] = useState<User | undefined | null>(null);
  useEffect(() => {
    let latest = 0;
    const refresh = () => {
      const request = ++latest;
      void currentUser().then((current) => request === latest && setUser(current));
    };
    refresh();
    const stopListening = onSignInChange(refresh);
    return () => {
      latest = -1;
      stopListening();
    };
  }, []);
  return user;
}

/** The roles of the signed-in user, undefined while they load. */
function useRoles(sub: string | undefined): string[] | undefined {
  const show = useToast();
  const roles = useQuery({
    queryKey: functionKey('roles', undefined, sub),
    queryFn: () => fetchFunction('roles'),
    enabled: sub !== undefined,
  });
  useEffect(() => {
    if (roles.error)
      show({ severity: 'warn', summary: i18n._('auth.session.rolesUnavailable'), detail: roles.error.message });
  }, [roles.error, show]);
  // Without its roles the account gets the visitor's view rather than a page that never loads.
  return roles.error ? [] : roles.data;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const roles = useRoles(user?.sub);
  const signOut = useCallback(
    async (then?: SignInAgain) => {
      // Asked for, unlike a session that ends by itself (below): a refresh under way is not taken for its end.
      await signingOut(signOutOfUserPool);
      forgetRememberedPath();
      if (then) rememberPath(then.comeBackTo);
      await navigate(then?.to ?? paths.signIn, then && { state: { purpose: then.purpose } });
    },
    [navigate],
  );
  // A session that ends unasked (the user pool refused or kept failing the refresh) is a protected-route
  // return: the page is remembered, the user signs in again and comes back to it.
  const { pathname, search, hash } = useLocation();
  useEffect(
    () =>
      onSessionEnd(() => {
        rememberPath(pathname + search + hash);
        void signOutOfUserPool().then(() =>
          navigate(paths.signIn, { replace: true, state: { purpose: i18n._('auth.session.ended') } }),
        );
      }),
    [pathname, search, hash, navigate],
  );
  const auth = useMemo<Auth>(
    () => ({
      status: user === null ? 'loading' : user ? 'signedIn' : 'signedOut',
      user: user ?? undefined,
      roles: user ? roles : undefined,
      isAdmin: !!user && !!roles?.includes(ADMIN_ROLE),
      signOut,
    }),
    [user, roles, signOut],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
