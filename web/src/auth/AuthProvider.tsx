// Who is signed in (Amplify, against the user pool) and their roles, which come from the `roles` function,
// never from the client alone.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ADMIN_GROUP } from '../../../lambdas/manifest';
import { callFunction } from '../api/client';
import { currentUser, onSignInChange, type User } from '../api/session';
import { useToast } from '../layout/toast';
import { forgetRememberedPath } from './returnPath';

export interface Auth {
  status: 'loading' | 'signedOut' | 'signedIn';
  user?: User;
  /** Undefined while they load. */
  roles?: string[];
  isAdmin: boolean;
  /** Signs out and goes to /user/login. */
  signOut(): Promise<void>;
}

/** The manifest's admin group, typed against it so the two cannot drift, without bundling the manifest. */
const ADMIN_ROLE: typeof ADMIN_GROUP = 'admin';

const AuthContext = createContext<Auth | undefined>(undefined);

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
function useRoles(user: User | undefined | null): string[] | undefined {
  const show = useToast();
  const [loaded, setLoaded] = useState<{ sub: string; roles: string[] }>();
  const sub = user?.sub;
  useEffect(() => {
    if (!sub) return;
    let current = true;
    callFunction('roles').then(
      (roles) => current && setLoaded({ sub, roles }),
      (error: Error) => {
        if (!current) return;
        // Without its roles the account gets the visitor's view rather than a page that never loads.
        setLoaded({ sub, roles: [] });
        show({ severity: 'warn', summary: 'Account roles unavailable', detail: error.message });
      },
    );
    return () => {
      current = false;
    };
  }, [sub, show]);
  return loaded && loaded.sub === sub ? loaded.roles : undefined;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const roles = useRoles(user);
  const signOut = useCallback(async () => {
    // The identity calls load with the screens that use them, not at start-up.
    await (await import('./identity')).signOutOfUserPool();
    forgetRememberedPath();
    await navigate('/user/login');
  }, [navigate]);
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

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth is used outside <AuthProvider>.');
  return auth;
}
