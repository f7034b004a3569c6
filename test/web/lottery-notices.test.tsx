// Class Registration while a lottery is under way (web/src/classes/LotteryNotices.tsx): before requests open, while
// they are taken (with the link to Lottery requests, and a visitor told to sign in), and after they closed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { momentText as momentIn } from '../../lambdas/contract/moments';
import { LotteryNotices } from '../../web/src/classes/LotteryNotices';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

// Without the programme's zone from `config`, the page writes moments on the reader's clock.
const momentText = (iso: string) => momentIn(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
const config = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function lotteryFrom(opensIn: number) {
  return {
    semesterId: 's1',
    semesterName: 'Winter 2027',
    requestsOpen: at(opensIn),
    requestsClose: at(opensIn + 24 * HOUR),
    resultsBy: at(opensIn + 48 * HOUR),
    seatsOpen: at(opensIn + 72 * HOUR),
  };
}

async function shown(lottery: ReturnType<typeof lotteryFrom>, signedIn: boolean) {
  globalThis.fetch = jest.fn(async (url: string) =>
    url === '/config.json'
      ? ({ ok: true, status: 200, json: async () => config } as Response)
      : ({ ok: true, status: 200, json: async () => ({ data: { lotteries: [lottery] } }) } as Response),
  ) as typeof fetch;
  await loadRuntimeConfig();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LotteryNotices signedIn={signedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('alert');
}

const after = (lottery: ReturnType<typeof lotteryFrom>) =>
  ` The results come by ${momentText(lottery.resultsBy)}; the seats left after the draw open to everyone, first come first served, on ${momentText(lottery.seatsOpen)}.`;

test('while requests are taken, a family is told to send theirs on Lottery requests by the close, and that being early gains nothing', async () => {
  const lottery = lotteryFrom(-HOUR);
  const notice = await shown(lottery, true);
  expect(notice.textContent).toBe(
    `Winter 2027's seats are given by a lottery draw: send your requests on Lottery requests by ${momentText(lottery.requestsClose)}. Being early gains nothing: every request sent by then is in the draw.${after(lottery)}`,
  );
  expect(screen.getByRole('link', { name: 'Lottery requests' }).getAttribute('href')).toBe('/account/lottery');
});

test('a visitor is told to sign in and send their requests', async () => {
  const notice = await shown(lotteryFrom(-HOUR), false);
  expect(notice.textContent).toMatch(
    /^Winter 2027's seats are given by a lottery draw: sign in and send your requests on Lottery requests by /,
  );
});

test('before requests open, the notice says when they are taken', async () => {
  const lottery = lotteryFrom(HOUR);
  const notice = await shown(lottery, true);
  expect(notice.textContent).toBe(
    `Winter 2027's seats are given by a lottery draw: requests are taken from ${momentText(lottery.requestsOpen)} to ${momentText(lottery.requestsClose)}, on Lottery requests.${after(lottery)}`,
  );
});

test('once requests closed, the notice says until when they were taken and what comes next, with no link', async () => {
  const lottery = lotteryFrom(-25 * HOUR);
  const notice = await shown(lottery, true);
  expect(notice.textContent).toBe(
    `Winter 2027's lottery took requests until ${momentText(lottery.requestsClose)}.${after(lottery)}`,
  );
  expect(screen.queryByRole('link')).toBeNull();
});
