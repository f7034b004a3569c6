// The protected-route return of spec §4: the path a visitor wanted before signing in (default "/"). It is
// kept for the tab's session, so a detour through account creation or a reload does not lose it.
const KEY = 'portal.returnPath';

export function rememberPath(path: string): void {
  sessionStorage.setItem(KEY, path);
}

export function rememberedPath(): string {
  return sessionStorage.getItem(KEY) ?? '/';
}

export function forgetRememberedPath(): void {
  sessionStorage.removeItem(KEY);
}
