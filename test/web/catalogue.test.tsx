// The client cache (web/src/api/catalogue.ts) and what a change makes stale (web/src/api/changes.ts), against
// a fetch that answers as the portal would: each entry loading, error or loaded; the availability fills the
// classes and groups by id; after a family's own enrollment the catalogue is read past the caches.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useAvailability, useClassesById, useGroupsById } from '../../web/src/api/catalogue';
import { changed } from '../../web/src/api/changes';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const config = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const cls = (id: string) => ({ id, semesterId: 'w27', name: `Class ${id}`, meetings: [], seatsLeft: 3 });
const group = { id: 'g1', semesterId: 'w27', name: 'Both', description: '', classIds: ['c1', 'c2'] };
const available = { w27: { classes: [cls('c1'), cls('c2')], groups: [group] } };

let calls: string[];
beforeEach(async () => {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    const call = `${init?.method ?? 'GET'} ${decodeURIComponent(url)}${init?.body ? ` ${String(init.body)}` : ''}`;
    calls.push(call);
    const data = url.includes('availableEnrollmentClasses')
      ? available
      : call.includes('"id":"c9"')
        ? { classes: { w27: [cls('c9')] } }
        : { classes: {} };
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
  await loadRuntimeConfig();
});

function withClient(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
}

test('given the availability loaded, then its classes and groups are in the cache by id, with no call of their own', async () => {
  const { wrapper } = withClient();
  const { result } = renderHook(
    () => {
      const availability = useAvailability();
      return {
        availability,
        classes: useClassesById(availability.data?.w27?.classIds ?? []),
        groups: useGroupsById(availability.data?.w27?.groupIds ?? []),
      };
    },
    { wrapper },
  );
  expect(result.current.availability.isPending).toBe(true);
  await waitFor(() =>
    expect(result.current.availability.data).toEqual({ w27: { classIds: ['c1', 'c2'], groupIds: ['g1'] } }),
  );
  expect([...result.current.classes.keys()]).toEqual(['c1', 'c2']);
  expect(result.current.groups.get('g1')).toEqual(group);
  expect(calls).toEqual(['GET /api/get/availableEnrollmentClasses']);
});

test('given classes not in the cache, then each loads by id, and one that is not found is an entry in error, left out', async () => {
  const { client, wrapper } = withClient();
  const { result } = renderHook(() => useClassesById(['c9', 'gone']), { wrapper });
  await waitFor(() => expect([...result.current.keys()]).toEqual(['c9']));
  await waitFor(() => expect(client.getQueryState(['catalogue', 'class', 'gone'])?.status).toBe('error'));
  expect(client.getQueryState(['catalogue', 'class', 'c9'])?.status).toBe('success');
  expect(calls.sort()).toEqual([
    `GET /api/get/classes?payload={"query":[{"id":"c9"}]}`,
    `GET /api/get/classes?payload={"query":[{"id":"gone"}]}`,
  ]);
});

test("given the family's own enrollment, then the availability loads again, read past the caches", async () => {
  const { client, wrapper } = withClient();
  const { result } = renderHook(() => useAvailability(), { wrapper });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  changed(client, 'enroll');
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toBe('POST /api/fn/availableEnrollmentClasses {}');
});
