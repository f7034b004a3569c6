// A page left open before several openings reads the classes open for enrollment again after each of them, once
// the caches' answers from before it have lapsed: after an opening that changed nothing the page shows (a semester
// with no classes yet, so nothing is drawn again) as much as after one drawn again in the seconds after it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CATALOGUE_MAX_AGE_SECONDS } from '../../lambdas/contract/catalogueAge';
import type { Semester } from '../../lambdas/contract/records';
import { publicKey } from '../../web/src/api/queries';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { useOpeningAhead } from '../../web/src/classes/opening';

const READ_AFTER_MS = CATALOGUE_MAX_AGE_SECONDS * 1000 + 500;
const visitor: Auth = { status: 'signedOut', isAdmin: false, signOut: async () => undefined };

const semester = (id: string, registrationOpens: string) => ({ id, name: id, registrationOpens }) as Semester;
const semesters = [
  semester('first', '2027-01-10T16:00:00Z'),
  semester('second', '2027-01-10T16:00:30Z'),
  semester('opened', '2027-01-10T15:00:00Z'),
];

function Page({ list }: { list: Semester[] }): ReactNode {
  useOpeningAhead(list);
  return null;
}

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2027-01-10T15:59:00Z') }));
afterEach(() => jest.useRealTimers());

function openPage() {
  const client = new QueryClient();
  const invalidated = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const page = (list: Semester[]) => (
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={visitor}>
        <Page list={list} />
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  const { rerender } = render(page(semesters));
  return {
    reads: () =>
      invalidated.mock.calls.filter(([filters]) => {
        return JSON.stringify(filters?.queryKey) === JSON.stringify(publicKey('availableEnrollmentClasses'));
      }).length,
    drawAgain: () => rerender(page([...semesters])),
  };
}

test('given two openings to come and nothing drawn again, then the classes are read after each, and only then', () => {
  const { reads } = openPage();
  jest.advanceTimersByTime(60_000 + READ_AFTER_MS - 1);
  expect(reads()).toBe(0);
  jest.advanceTimersByTime(1);
  expect(reads()).toBe(1);
  jest.advanceTimersByTime(30_000);
  expect(reads()).toBe(2);
  jest.advanceTimersByTime(10 * 60_000);
  expect(reads()).toBe(2);
});

test('given the page drawn again just after an opening, then the read due after it is still made', () => {
  const { reads, drawAgain } = openPage();
  jest.advanceTimersByTime(60_000 + 1);
  drawAgain();
  jest.advanceTimersByTime(READ_AFTER_MS);
  expect(reads()).toBe(1);
});
