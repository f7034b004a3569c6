// A semester's registration window is typed on the programme's clock (America/Denver here), whatever the
// browser's: the same wall-clock time is a different UTC moment on either side of the change to daylight saving.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Semester } from '../../lambdas/contract/records';
import { SemesterDialog } from '../../web/src/admin/classes/SemesterDialog';
import { RemoteConfigProvider, useRemoteConfigSettled } from '../../web/src/layout/RemoteConfig';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const runtime = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const answer = (data: unknown) => ({ ok: true, status: 200, json: async () => ({ data }) }) as Response;

let saved: unknown[];
beforeEach(async () => {
  saved = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => runtime } as Response;
    if (url === '/api/get/config') return answer({ values: {}, timeZone: 'America/Denver' });
    const semester = JSON.parse(String(init?.body)) as Semester;
    saved.push(semester);
    return answer({ semester: { ...semester, id: 'spring' } });
  }) as typeof fetch;
  await loadRuntimeConfig();
});

/** The dialog, opened once the configuration answered (the portal shows its screens from then). */
function Dialog({ semester }: { semester?: Semester }) {
  return useRemoteConfigSettled() && <SemesterDialog semester={semester} onSaved={() => {}} onClose={() => {}} />;
}

async function openDialog(semester?: Semester) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RemoteConfigProvider>
        <Dialog semester={semester} />
      </RemoteConfigProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('Programme time (America/Denver)');
}

test('given the programme in America/Denver, when the admin types a window across the change to daylight saving, then each time is saved as the moment it names there', async () => {
  const user = userEvent.setup();
  await openDialog();
  expect(screen.getByText('Families can enroll until then. Programme time (America/Denver)')).toBeInTheDocument();
  await user.type(screen.getByLabelText(/^Name/), 'Spring 2027');
  // Date fields take a whole value at once (as the browser's picker gives it).
  const pick = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  pick(/^First day/, '2027-04-05');
  pick(/^Last day/, '2027-06-11');
  // 9:00 AM MST on the Saturday, 9:00 AM MDT on the Sunday the clocks go forward.
  pick(/^Registration opens/, '2027-03-13T09:00');
  pick(/^Registration closes/, '2027-03-14T09:00');
  await user.click(screen.getByRole('button', { name: 'Create semester' }));
  await waitFor(() =>
    expect(saved).toEqual([
      expect.objectContaining({
        registrationOpens: '2027-03-13T16:00:00.000Z',
        registrationCloses: '2027-03-14T15:00:00.000Z',
      }),
    ]),
  );
});

test("given a semester's window, when the admin opens it, then its moments show on the programme's clock", async () => {
  await openDialog({
    id: 'spring',
    name: 'Spring 2027',
    startDate: '2027-04-05',
    endDate: '2027-06-11',
    current: false,
    registrationOpens: '2027-03-13T16:00:00.000Z',
    registrationCloses: '2027-03-14T15:00:00.000Z',
    waitlistMode: 'automatic',
  });
  expect(screen.getByLabelText('Registration opens')).toHaveValue('2027-03-13T09:00');
  expect(screen.getByLabelText('Registration closes')).toHaveValue('2027-03-14T09:00');
});
