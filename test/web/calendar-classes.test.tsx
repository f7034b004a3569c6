// The classes the calendar filters by (web/src/calendar/useCalendarClasses.ts): those of the newest semesters
// the catalogue lists, and a class linked to from an older semester, loaded on its own so its link still works.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useCalendarClasses } from '../../web/src/calendar/useCalendarClasses';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const config = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const semester = (id: string, current = false) => ({ id, name: `Semester ${id}`, current });
const cls = (id: string, semesterId: string) => ({ id, semesterId, name: `Class ${id}`, meetings: [] });
// Twenty newer semesters, then the old one (s20) the catalogue's one call of twenty leaves out.
const semesters = [...Array.from({ length: 20 }, (_, n) => semester(`s${n}`, n === 3)), semester('s20')];

let calls: string[];
beforeEach(async () => {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    const call = decodeURIComponent(url);
    calls.push(call);
    const data = call.includes('/semesters')
      ? { semesters }
      : call.includes('classesBySemester')
        ? { classes: { s0: [cls('b', 's0'), cls('a', 's0')], s3: [cls('c', 's3')] } }
        : { classes: call.includes('"id":"old"') ? { s20: [cls('old', 's20')] } : {} };
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
  await loadRuntimeConfig();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const listed = (classes: ReturnType<typeof useCalendarClasses>['classes']) =>
  classes?.map(({ cls, semesterName }) => `${cls.id} (${semesterName})`);

test('given no class linked, then the newest semesters’ classes are listed, the current semester first, each by name, and it opens on the current one', async () => {
  const { result } = renderHook(() => useCalendarClasses(), { wrapper });
  await waitFor(() => expect(result.current.classes).toBeDefined());
  expect(listed(result.current.classes)).toEqual(['c (Semester s3)', 'a (Semester s0)', 'b (Semester s0)']);
  expect(listed(result.current.opening)).toEqual(['c (Semester s3)']);
  expect(calls.filter((call) => call.includes('"id":'))).toEqual([]);
});

test('given a linked class of a semester older than the twenty listed, then it is loaded on its own and listed last with its semester', async () => {
  const { result } = renderHook(() => useCalendarClasses('old'), { wrapper });
  await waitFor(() => expect(listed(result.current.classes)).toContain('old (Semester s20)'));
  expect(listed(result.current.classes)?.at(-1)).toBe('old (Semester s20)');
  expect(listed(result.current.opening)).toEqual(['c (Semester s3)']);
});

test('given a linked class already listed, then nothing more is loaded', async () => {
  const { result } = renderHook(() => useCalendarClasses('a'), { wrapper });
  await waitFor(() => expect(result.current.classes).toBeDefined());
  expect(listed(result.current.classes)).toHaveLength(3);
  expect(calls.filter((call) => call.includes('"id":'))).toEqual([]);
});
