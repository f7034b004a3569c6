// The class day on an instructor's phone: marks kept on the device first, sent in the order made, each once by its
// key, kept across a reload and when a call fails, wiped at sign-out; the roster shown from the phone without
// signal, the marks made there counted until signal returns; a check-out off the pick-up list needs a reason.
import { randomUUID } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AttendanceMark, ClassDayRoster } from '../../lambdas/contract/classDay';
import { ApiError, callFunction } from '../../web/src/api/client';
import { keepAnswer, keepMark, keptAnswer, waitingMarks } from '../../web/src/api/classDayOnDevice';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { signingOut } from '../../web/src/api/signIns';
import { ClassDayPage } from '../../web/src/instructors/ClassDayPage';
import { sendWaitingMarks } from '../../web/src/instructors/markSender';
import { MeetingRosterPage } from '../../web/src/instructors/MeetingRosterPage';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;

if (!globalThis.crypto.randomUUID) Object.assign(globalThis.crypto, { randomUUID });

const SUB = 'instructor-1';
const DATE = '2027-01-17';
const unreachable = () =>
  new ApiError('internal', 'The portal could not be reached. Check your connection and try again.', 0);

const mark = (n: number): AttendanceMark => ({
  key: randomUUID(),
  kind: 'present',
  classId: 'nordic',
  date: DATE,
  studentId: `child-${n}`,
  at: new Date(Date.UTC(2027, 0, 17, 9, n)).toISOString(),
  deviceId: 'phone-1',
});

/** A portal that records each key once, as recordAttendance does, and the keys of each call in turn. */
function portal() {
  const recorded: string[] = [];
  const calls: string[][] = [];
  call.mockImplementation(async (name: string, payload: { marks: AttendanceMark[] }) => {
    if (name !== 'recordAttendance') throw new Error(`unexpected call ${name}`);
    calls.push(payload.marks.map((m) => m.key));
    const marks = payload.marks.map((m) => {
      const outcome = recorded.includes(m.key) ? 'already recorded' : 'recorded';
      recorded.push(m.key);
      return { key: m.key, outcome };
    });
    return { marks };
  });
  return { recorded, calls };
}

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const goOnline = (now: boolean) =>
  act(() => {
    online = now;
    window.dispatchEvent(new Event(now ? 'online' : 'offline'));
  });

beforeEach(() => {
  localStorage.clear();
  call.mockReset();
  online = true;
});

describe('the marks kept on the phone', () => {
  test('given 30 marks waiting, when sent, then they go in the order made, 25 and then 5, and leave the phone', async () => {
    const made = Array.from({ length: 30 }, (_, n) => mark(n));
    for (const m of made) keepMark(SUB, m);
    const { calls } = portal();
    expect(await sendWaitingMarks(SUB)).toBeUndefined();
    expect(calls.map((keys) => keys.length)).toEqual([25, 5]);
    expect(calls.flat()).toEqual(made.map((m) => m.key));
    expect(waitingMarks(SUB)).toEqual([]);
  });

  test('given a call that fails, then the marks stay on the phone, and are sent once each when tried again', async () => {
    const made = [mark(1), mark(2), mark(3)];
    for (const m of made) keepMark(SUB, m);
    call.mockRejectedValueOnce(unreachable());
    expect(await sendWaitingMarks(SUB)).toMatch(/could not be reached/);
    expect(waitingMarks(SUB)).toEqual(made);
    const { recorded } = portal();
    // Two tries at once (the timer and the `online` event) share one sending.
    await Promise.all([sendWaitingMarks(SUB), sendWaitingMarks(SUB)]);
    expect(recorded).toEqual(made.map((m) => m.key));
    expect(waitingMarks(SUB)).toEqual([]);
  });

  test('given marks kept and the page loaded again, then they are still there, each login its own', () => {
    const made = [mark(1), mark(2)];
    for (const m of made) keepMark(SUB, m);
    jest.isolateModules(() => {
      const reloaded =
        require('../../web/src/api/classDayOnDevice') as typeof import('../../web/src/api/classDayOnDevice');
      expect(reloaded.waitingMarks(SUB)).toEqual(made);
      expect(reloaded.waitingMarks('another-login')).toEqual([]);
    });
  });

  test('given marks and a roster kept, when the user signs out, then the phone keeps neither', async () => {
    keepMark(SUB, mark(1));
    keepAnswer(SUB, 'classDayRoster:{"classId":"nordic"}', roster);
    await signingOut(async () => {});
    expect(waitingMarks(SUB)).toEqual([]);
    expect(keptAnswer(SUB, 'classDayRoster:{"classId":"nordic"}')).toBeUndefined();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('classDay.'))).toEqual([]);
  });
});

const roster: ClassDayRoster = {
  class: {
    id: 'nordic',
    name: 'Nordic Skiing',
    meetings: [{ date: DATE, start: '09:00', end: '12:00' }],
  } as ClassDayRoster['class'],
  questions: [],
  children: [
    {
      studentId: 'ben',
      firstName: 'Ben',
      lastName: 'Tester',
      photoConsent: false,
      allergies: 'Peanuts: EpiPen in the backpack',
      emergencyContacts: [{ name: 'Pat Tester', phone: '+1 555 010 0100', relationship: 'mother' }],
      pickupAdults: [{ name: 'Dana Tester', relationship: 'aunt', phone: '+1 555 010 0101' }],
      answers: [{ questionId: 'q1', label: 'Can your child ski a blue run?', value: true }],
      absences: [],
    },
    {
      studentId: 'ada',
      firstName: 'Ada',
      lastName: 'Tester',
      photoConsent: true,
      emergencyContacts: [{ name: 'Pat Tester', phone: '+1 555 010 0100' }],
      pickupAdults: [],
      answers: [],
      absences: [{ studentId: 'ada', date: DATE, note: 'Ada is sick today', reportedAt: '2027-01-16T18:00:00Z' }],
    },
  ],
};

const auth: Auth = {
  status: 'signedIn',
  user: { sub: SUB, email: 'instructor@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(),
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/instructor" element={<ClassDayPage />} />
            <Route path="/instructor/class/:classId/:date" element={<MeetingRosterPage />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the meeting roster', () => {
  test('given a roster kept and no signal, then it is shown from the phone, and the marks made are counted until signal returns, then sent once', async () => {
    keepAnswer(SUB, 'classDayRoster:{"classId":"nordic"}', roster);
    online = false;
    const recorded: string[] = [];
    call.mockImplementation(async (name: string, payload: { marks: AttendanceMark[] }) => {
      // The roster is not reached either: the page shows the phone's copy.
      if (!navigator.onLine || name !== 'recordAttendance') throw unreachable();
      recorded.push(...payload.marks.map((m) => m.key));
      return { marks: payload.marks.map((m) => ({ key: m.key, outcome: 'recorded' })) };
    });
    renderAt(`/instructor/class/nordic/${DATE}`);
    await screen.findByText('No signal: shown as this phone kept it when it last had signal.');
    const ben = screen.getByRole('article', { name: 'Ben Tester' });
    expect(within(ben).getByText('No photos')).toBeInTheDocument();
    expect(within(ben).getByText(/EpiPen in the backpack/)).toBeInTheDocument();
    expect(within(ben).getByText('Can your child ski a blue run?: Yes')).toBeInTheDocument();
    const ada = screen.getByRole('article', { name: 'Ada Tester' });
    expect(within(ada).getByText('Reported absent: Ada is sick today')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(ben).getByRole('button', { name: 'Present Ben' }));
    await user.click(within(ben).getByRole('button', { name: 'Check in Ben' }));
    await user.click(within(ada).getByRole('button', { name: 'Absent Ada' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 marks waiting to be sent. No signal');
    expect(within(ben).getByText(/^Last mark here: Checked in at/)).toBeInTheDocument();
    expect(recorded).toEqual([]);
    const made = waitingMarks(SUB).map((m) => m.key);
    expect(made).toHaveLength(3);

    await goOnline(true);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Every mark made here is sent.'));
    expect(recorded).toEqual(made);
  });

  test('given a mark the portal refuses (the child no longer enrolled), then it leaves the queue, the others are sent, and the instructor reads what and why until done', async () => {
    keepAnswer(SUB, 'classDayRoster:{"classId":"nordic"}', roster);
    const ben = roster.children[0]!;
    const refused = { ...mark(1), studentId: ben.studentId };
    const sent = { ...mark(2), studentId: ben.studentId };
    for (const m of [refused, sent]) keepMark(SUB, m);
    call.mockImplementation(async (name: string, payload: { marks: AttendanceMark[] }) => {
      if (name !== 'recordAttendance') throw unreachable();
      return {
        marks: payload.marks.map((m) =>
          m.key === refused.key
            ? { key: m.key, outcome: 'refused', reason: 'The child is not enrolled in the class.' }
            : { key: m.key, outcome: 'recorded' },
        ),
      };
    });
    renderAt(`/instructor/class/nordic/${DATE}`);
    const alert = await screen.findByText('1 mark not recorded');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(
      within(box).getByText(/^Ben Tester, Jan 17, 2027: Present at .*\. The child is not enrolled in the class\.$/),
    ).toBeInTheDocument();
    expect(waitingMarks(SUB)).toEqual([]);
    await userEvent.click(within(box).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('1 mark not recorded')).not.toBeInTheDocument());
  });

  test('given a check-out to someone not on the pick-up list, then it needs a reason, and is kept with it', async () => {
    online = false;
    call.mockRejectedValue(unreachable());
    keepAnswer(SUB, 'classDayRoster:{"classId":"nordic"}', roster);
    renderAt(`/instructor/class/nordic/${DATE}`);
    const ben = await screen.findByRole('article', { name: 'Ben Tester' });
    const user = userEvent.setup();
    await user.click(within(ben).getByRole('button', { name: 'Check out Ben' }));
    const dialog = screen.getByRole('dialog', { name: 'Check out Ben Tester' });
    expect(within(dialog).getByRole('radio', { name: 'Dana Tester (aunt)' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Someone not on the list' }));
    expect(within(dialog).getByText(/flagged to the office/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name of the adult' }), 'Sam Neighbour');
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    expect(within(dialog).getByText('Enter why this adult takes the child')).toBeInTheDocument();
    expect(waitingMarks(SUB)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Mother phoned the office');
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(waitingMarks(SUB)).toEqual([
      expect.objectContaining({
        kind: 'checkOut',
        studentId: 'ben',
        pickedUpBy: 'Sam Neighbour',
        reason: 'Mother phoned the office',
      }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 mark waiting to be sent.');
  });

  test('given a roster kept and the instructor since taken off the class, then the refusal is shown and the copy forgotten', async () => {
    keepAnswer(SUB, 'classDayRoster:{"classId":"nordic"}', roster);
    call.mockRejectedValue(new ApiError('not-found', 'There is no such class.', 404));
    renderAt(`/instructor/class/nordic/${DATE}`);
    await screen.findByText('There is no such class.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(keptAnswer(SUB, 'classDayRoster:{"classId":"nordic"}')).toBeUndefined());
  });

  test('given a login the office did not make an instructor, then the class day says so and where to accept an invitation', async () => {
    call.mockRejectedValue(new ApiError('permission-denied', 'Only instructors may do this.', 403));
    renderAt('/instructor');
    await screen.findByText(/This account teaches no classes/);
    expect(screen.getByRole('link', { name: 'accept the invitation' })).toHaveAttribute(
      'href',
      '/instructor/invitation',
    );
  });
});
