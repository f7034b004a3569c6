// The class day's "Today" is the programme's date, not the phone's: at a moment when the phone's calendar already
// (or still) shows another day than the programme's, the page lists the meetings of the programme's day, and keeps
// their rosters on the phone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dayOf } from '../../lambdas/contract/moments';
import type { Class } from '../../lambdas/contract/records';
import { callFunction, readCatalogue } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { ClassDayPage } from '../../web/src/instructors/ClassDayPage';
import { RemoteConfigProvider } from '../../web/src/layout/RemoteConfig';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
  readCatalogue: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;
const read = jest.mocked(readCatalogue) as unknown as jest.Mock;

const MOMENT = '2027-01-17T03:00:00Z';
// 8 PM on Jan 16 in Denver, noon on Jan 17 in Tokyo: whatever zone this machine (the phone) is set to, one of the two
// is on another day than the phone.
const PHONE_DAY = new Date(MOMENT).toLocaleDateString('en-CA');
const PROGRAMME_ZONE = PHONE_DAY === '2027-01-17' ? 'America/Denver' : 'Asia/Tokyo';
const PROGRAMME_DAY = dayOf(MOMENT, PROGRAMME_ZONE);

const meetingOn = (id: string, name: string, date: string) =>
  ({ id, name, semesterId: 'winter', meetings: [{ date, start: '09:00', end: '12:00' }] }) as Class;
const programmes = meetingOn('nordic', 'Nordic Skiing', PROGRAMME_DAY);
const phones = meetingOn('ice', 'Ice Climbing', PHONE_DAY);

const auth: Auth = {
  status: 'signedIn',
  user: { sub: 'instructor-1', email: 'instructor@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(),
};

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(MOMENT), advanceTimers: true });
  localStorage.clear();
  call.mockImplementation(async (name: string, payload: { classId?: string }) => {
    if (name === 'instructorClasses') return { classes: [programmes, phones] };
    if (name === 'classDayRoster')
      return { class: payload.classId === 'nordic' ? programmes : phones, questions: [], children: [] };
    throw new Error(`unexpected call ${name}`);
  });
  read.mockImplementation(async (name: string) => {
    if (name === 'config') return { values: {}, timeZone: PROGRAMME_ZONE };
    throw new Error(`unexpected read ${name}`);
  });
});

afterEach(() => {
  jest.useRealTimers();
});

test("given the phone's date differs from the programme's, then Today lists the programme's day's meetings and keeps their rosters", async () => {
  expect(PROGRAMME_DAY).not.toBe(PHONE_DAY);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RemoteConfigProvider>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={['/instructor']}>
            <Routes>
              <Route path="/instructor" element={<ClassDayPage />} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>
      </RemoteConfigProvider>
    </QueryClientProvider>,
  );
  const today = await screen.findByRole('region', { name: 'Today' });
  const link = await within(today).findByRole('link', { name: /Nordic Skiing/ });
  expect(link).toHaveAttribute('href', `/instructor/class/nordic/${PROGRAMME_DAY}`);
  expect(within(today).queryByRole('link', { name: /Ice Climbing/ })).not.toBeInTheDocument();
  expect(call).toHaveBeenCalledWith('classDayRoster', { classId: 'nordic' });
});
