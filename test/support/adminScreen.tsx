// An admin screen rendered as the app renders it for a signed-in administrator (queries, toasts, the signed-in
// user), for the web tests; their fetch stubs (answeringCalls) answer /config.json with TEST_RUNTIME.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { ToastArea } from '../../web/src/layout/toast';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

export const TEST_RUNTIME = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };

/**
 * Stands in for the portal: /config.json answers TEST_RUNTIME, and each function call the data `answer` gives for
 * its name and payload.
 */
export function answeringCalls(answer: (name: string, payload: unknown) => unknown): void {
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => TEST_RUNTIME } as Response;
    const payload = init?.body ? JSON.parse(String(init.body)) : undefined;
    const data = answer(url.split('/').at(-1)!, payload);
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
}

const admin: Auth = {
  status: 'signedIn',
  user: { sub: 'admin-1', email: 'office@example.org' },
  roles: ['admin'],
  isAdmin: true,
  signOut: jest.fn(),
};

/** Loads the runtime configuration (from the test's fetch stub), then renders `screen` for an administrator. */
export async function renderAsAdmin(screen: ReactElement): Promise<void> {
  await loadRuntimeConfig();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <AuthContext.Provider value={admin}>{screen}</AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
}
