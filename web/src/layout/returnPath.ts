// The path a visitor wanted before being sent to sign in (default "/"), where signing in takes them. It is
// kept for the tab's session, so a detour through account creation or a reload does not lose it.
import { paths } from './paths';

const KEY = 'portal.returnPath';

export function rememberPath(path: string): void {
  sessionStorage.setItem(KEY, path);
}

export function rememberedPath(): string {
  return sessionStorage.getItem(KEY) ?? paths.home;
}

export function forgetRememberedPath(): void {
  sessionStorage.removeItem(KEY);
}
