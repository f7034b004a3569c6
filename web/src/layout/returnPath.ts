// The path a visitor wanted before being sent to sign in (default "/"), where signing in takes them. It is
// kept for the tab's session, so a detour through account creation or a reload does not lose it.
import { paths } from './paths';

const KEY = 'portal.returnPath';
const SIGN_IN_PAGES: string[] = [paths.signIn, paths.createAccount];

export function rememberPath(path: string): void {
  // Signing in never returns to a sign-in page (a session that ends there, say, keeps the earlier path).
  if (SIGN_IN_PAGES.includes(path.split(/[?#]/)[0] ?? '')) return;
  sessionStorage.setItem(KEY, path);
}

export function rememberedPath(): string {
  return sessionStorage.getItem(KEY) ?? paths.home;
}

export function forgetRememberedPath(): void {
  sessionStorage.removeItem(KEY);
}
