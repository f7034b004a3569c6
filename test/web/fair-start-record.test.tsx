// The fair start's record on Allocation and Lottery: before the last draw its button is disabled and says when it
// may be downloaded (on the programme's clock, the reader's beside it); after, pressed from the keyboard, it reads every page of fairStartExport and downloads one
// record, a line read over two pages being one list.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { momentForReader } from '../../lambdas/contract/moments';
import type { FairStartView } from '../../lambdas/contract/records';
import { FairStartRecordSection } from '../../web/src/admin/lottery/FairStartRecordSection';
import { RemoteConfigProvider, useRemoteConfigSettled } from '../../web/src/layout/RemoteConfig';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({ tokens: { accessToken: { toString: () => 'admin-access-token' } } }),
}));

type Page = FunctionResult<'fairStartExport'>;
type Decision = Page['record']['lines'][number]['decisions'][number];

const config = { region: 'local', userPoolId: 'local_pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const view: FairStartView = {
  semesterId: 'winter',
  semesterName: 'Winter',
  minutes: 5,
  draws: [
    { name: 'Registration for everyone', opening: '2027-01-10T08:00:00.000Z', drawAt: '2027-01-10T08:05:00.000Z' },
  ],
  commitment: 'c'.repeat(64),
};
const decision = (requestId: string): Decision => ({
  decidedAt: 1,
  requestId,
  familyId: `family-${requestId}`,
  studentId: `child-${requestId}`,
  classIds: ['nordic'],
  arrivedAt: 1,
  outcome: 'enrolled',
});
const head = { ...view, kind: 'fairStart' as const, seed: 'the seed', commitments: [] };
const pages: Page[] = [
  { record: { ...head, lines: [{ line: 'nordic', decisions: [decision('a'), decision('b')] }] }, nextCursor: 'next' },
  {
    record: {
      ...head,
      lines: [
        { line: 'nordic', decisions: [decision('c')] },
        { line: 'skating', decisions: [decision('d')] },
      ],
    },
  },
];

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let bodies: unknown[];
let downloaded: Blob[];
let saved: string[];
beforeEach(async () => {
  bodies = [];
  downloaded = [];
  saved = [];
  // The browser saves the file the link names (jsdom would navigate instead).
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  localStorage.setItem('CognitoIdentityServiceProvider.client.admin@example.com.accessToken', 'stored by Amplify');
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    if (url === '/api/get/config')
      return {
        ok: true,
        status: 200,
        json: async () => ({ data: { values: {}, timeZone: 'America/Denver' } }),
      } as Response;
    bodies.push(JSON.parse(String(init?.body)));
    const data = pages[bodies.length - 1];
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    downloaded.push(blob);
    return 'blob:record';
  });
  URL.revokeObjectURL = jest.fn();
  await loadRuntimeConfig();
});
afterEach(() => jest.restoreAllMocks());

/** The section in a programme in America/Denver, shown once the configuration answered, as the portal does. */
function Section({ fairStart }: { fairStart: FairStartView }) {
  return useRemoteConfigSettled() && <FairStartRecordSection semesterId="winter" fairStart={fairStart} />;
}
const renderSection = (fairStart: FairStartView) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RemoteConfigProvider>
        <Section fairStart={fairStart} />
      </RemoteConfigProvider>
    </QueryClientProvider>,
  );

test("before the last draw, the button is disabled and says when the record may be downloaded, on the programme's clock", async () => {
  renderSection(view);
  const button = await screen.findByRole('button', { name: "Download the fair start's record" });
  expect(button).toBeDisabled();
  const reader = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(button).toHaveAccessibleDescription(
    `It holds the seed, which stays secret until the last draw, on ${momentForReader(view.draws[0]!.drawAt, 'America/Denver', reader)}: download it from then.`,
  );
  expect(button).toHaveAccessibleDescription(
    /^It holds the seed, which stays secret until the last draw, on Sun, Jan 10, 2027, 1:05 AM MST/,
  );
});

test('after the last draw, the button downloads every page as one record, from the keyboard', async () => {
  const user = userEvent.setup();
  renderSection({ ...view, seed: 'the seed' });
  const button = await screen.findByRole('button', { name: "Download the fair start's record" });
  expect(button).toHaveAccessibleDescription(/npm run lottery:verify -- <file>/);
  await user.tab();
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(downloaded).toHaveLength(1));
  expect(bodies).toEqual([{ semesterId: 'winter' }, { semesterId: 'winter', cursor: 'next' }]);
  expect(saved).toEqual(['fair-start-winter.json']);
  const record = JSON.parse(await textOf(downloaded[0]!));
  expect(record).toEqual({
    ...head,
    lines: [
      { line: 'nordic', decisions: [decision('a'), decision('b'), decision('c')] },
      { line: 'skating', decisions: [decision('d')] },
    ],
  });
});
