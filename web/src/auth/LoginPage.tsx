import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../api/session';
import { LoginForm } from './LoginForm';
import type { LoginMode } from './failures';
import { rememberedPath } from '../layout/returnPath';

/** /user/login and /user/create: once someone is signed in here, they go on to the remembered path. */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    if (status === 'signedIn') void navigate(rememberedPath(), { replace: true });
  }, [status, navigate]);
  return <LoginForm mode={mode} email={params.get('email') ?? ''} />;
}
