// The site's moments on the programme's clock: the zone `config` names, the reader's own time beside it; until
// `config` answers, the reader's clock alone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { momentForReader, momentText } from '../../lambdas/contract/moments';
import { RemoteConfigProvider, useMomentText } from '../../web/src/layout/RemoteConfig';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const runtime = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const READER = Intl.DateTimeFormat().resolvedOptions().timeZone;
const NINE_IN_DENVER = '2027-01-10T16:00:00Z';

function Moment() {
  return <p>{useMomentText()(NINE_IN_DENVER)}</p>;
}

async function shownWith(config: Promise<Response>) {
  globalThis.fetch = jest.fn((url: string) =>
    url === '/config.json' ? Promise.resolve({ ok: true, status: 200, json: async () => runtime } as Response) : config,
  ) as typeof fetch;
  await loadRuntimeConfig();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RemoteConfigProvider>
        <Moment />
      </RemoteConfigProvider>
    </QueryClientProvider>,
  );
}

test("given config names the programme's zone, then a moment reads on its clock with the reader's time beside it", async () => {
  await shownWith(
    Promise.resolve({
      ok: true,
      status: 200,
      json: async () => ({ data: { values: {}, timeZone: 'America/Denver' } }),
    } as Response),
  );
  await screen.findByText(momentForReader(NINE_IN_DENVER, 'America/Denver', READER));
  expect(screen.getByRole('paragraph').textContent).toMatch(/^Sun, Jan 10, 2027, 9:00 AM MST/);
});

test('given config has not answered, then a moment reads on the reader clock alone', async () => {
  await shownWith(new Promise<Response>(() => {}));
  expect(screen.getByRole('paragraph').textContent).toBe(momentText(NINE_IN_DENVER, READER));
});
