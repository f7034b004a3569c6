// My Enrollments in Spanish: a family's enrolled, waitlisted and offered places, the offer's deadline as Spanish
// writes a date on the programme's clock, a move's choices with their plural, the confirmation to leave a waitlist,
// the attendance list and the absence report all speak Spanish; switched back, English is word for word the spec's.
// The client's calls are mocked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import type { Class, Meeting, NamedEnrollment, Semester } from '../../lambdas/contract/records';
import { AbsenceDialog } from '../../web/src/account/AbsenceDialog';
import { EnrollmentsPage } from '../../web/src/account/EnrollmentsPage';
import { callFunction, readCatalogue } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { RemoteConfigProvider } from '../../web/src/layout/RemoteConfig';
import { ToastArea } from '../../web/src/layout/toast';

jest.mock('../../web/src/api/client', () => ({
  ...jest.requireActual('../../web/src/api/client'),
  callFunction: jest.fn(),
  readCatalogue: jest.fn(),
}));
const call = jest.mocked(callFunction) as unknown as jest.Mock;
const read = jest.mocked(readCatalogue) as unknown as jest.Mock;

const family: Auth = {
  status: 'signedIn',
  user: { sub: 'guardian-1', email: 'pat@example.org' },
  roles: [],
  isAdmin: false,
  signOut: jest.fn(),
};

// In 2099: before the deadline for changes and the meetings, so seats move and absences are reported.
const winter: Semester = {
  id: 'winter',
  name: 'Winter 2099',
  startDate: '2099-01-01',
  endDate: '2099-03-31',
  current: true,
  changesClose: '2099-01-05T16:00:00.000Z',
};

const saturdays: Meeting[] = [
  { date: '2099-01-17', start: '09:00', end: '12:00' },
  { date: '2099-01-24', start: '13:00', end: '15:30' },
];

const cls = (id: string, name: string, seatsLeft: number): Class => ({
  id,
  semesterId: 'winter',
  name,
  description: '',
  location: 'Trailhead',
  instructor: 'Sam',
  meetings: saturdays,
  capacity: 10,
  enrolled: 10 - seatsLeft,
  waitlisted: 0,
  seatsLeft,
  status: 'open',
});
const classes = [
  cls('nordic', 'Nordic Skiing', 2),
  cls('ice', 'Ice Climbing', 0),
  cls('telemark', 'Telemark', 0),
  cls('snowshoe', 'Snowshoeing', 3),
  cls('avalanche', 'Avalanche Safety', 1),
];

const enrollment = (fields: Partial<NamedEnrollment>): NamedEnrollment =>
  ({
    id: `${fields.classId}~${fields.studentId}`,
    semesterId: 'winter',
    status: 'enrolled',
    createdAt: '2098-12-01T00:00:00.000Z',
    ...fields,
  }) as NamedEnrollment;

const enrollments = [
  enrollment({ classId: 'nordic', studentId: 'ben', studentName: 'Ben Tester', className: 'Nordic Skiing' }),
  enrollment({
    classId: 'ice',
    studentId: 'ben',
    studentName: 'Ben Tester',
    className: 'Ice Climbing',
    status: 'waitlisted',
    waitlistPosition: 3,
  }),
  enrollment({
    classId: 'telemark',
    studentId: 'ada',
    studentName: 'Ada Tester',
    className: 'Telemark',
    status: 'waitlisted',
    waitlistPosition: 1,
    offerExpiresAt: '2099-01-10T16:00:00.000Z',
  }),
];

const attendance: FunctionResult<'myAttendance'> = {
  children: [
    {
      studentId: 'ben',
      name: 'Ben Tester',
      classes: [
        {
          classId: 'nordic',
          className: 'Nordic Skiing',
          meetings: [{ date: '2099-01-17', absence: { note: 'Ben is sick', reportedAt: '2099-01-16T20:00:00.000Z' } }],
        },
      ],
    },
  ],
};

beforeEach(() => {
  call.mockReset();
  read.mockReset();
  const answer = async (name: string, payload?: { query?: { id: string }[] }) => {
    switch (name) {
      case 'config':
        return { values: { contactEmail: 'office@example.org' }, timeZone: 'America/Denver' };
      case 'semesters':
        return { semesters: [winter] };
      case 'classes':
        return { classes: { winter: classes.filter(({ id }) => payload?.query?.some((ref) => ref.id === id)) } };
      case 'classesBySemester':
        return { classes: { winter: classes } };
      case 'myEnrollments':
        return { enrollments };
      case 'myAttendance':
        return attendance;
      default:
        return {};
    }
  };
  read.mockImplementation(answer);
  call.mockImplementation(answer);
});

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <AuthContext.Provider value={family}>
          <RemoteConfigProvider>
            <MemoryRouter>
              <EnrollmentsPage />
            </MemoryRouter>
          </RemoteConfigProvider>
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
}

/** The list item of a class, found by its name. */
const itemOf = (className: string) => screen.getByText(className).closest('li')!;

test('given Spanish, then My Enrollments shows the enrolled, waitlisted and offered places, the offer deadline and attendance in Spanish', async () => {
  await act(() => chooseLanguage('es'));
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Inscripciones' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Inscripciones' });
  expect(within(nav).getByRole('link', { name: 'Inscripción a clases' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Solicitudes de sorteo' })).toBeInTheDocument();

  await screen.findByText('Nordic Skiing');
  expect(within(itemOf('Nordic Skiing')).getByText('Inscrito/a')).toBeInTheDocument();
  expect(within(itemOf('Ice Climbing')).getByText('En lista de espera – puesto 3')).toBeInTheDocument();
  expect(within(itemOf('Telemark')).getByText('Lugar ofrecido')).toBeInTheDocument();
  expect(
    within(itemOf('Nordic Skiing')).getByRole('button', {
      name: 'Cambiar a otra clase: Ben Tester, ahora en Nordic Skiing',
    }),
  ).toBeInTheDocument();
  expect(
    await within(itemOf('Nordic Skiing')).findByRole('button', {
      name: 'Avisar de una ausencia: Ben Tester en Nordic Skiing',
    }),
  ).toBeInTheDocument();

  // The offer: its deadline in Spanish, on the programme's clock, in bold inside the Spanish sentence.
  const offer = within(itemOf('Telemark'));
  await waitFor(() => expect(offer.getByText(/^sáb, 10 ene 2099, 9:00 GMT-7/).tagName).toBe('STRONG'));
  expect(offer.getByRole('alert')).toHaveTextContent(
    /^Hay un lugar reservado para Ada hasta el sáb, 10 ene 2099, 9:00 GMT-7.*\. Acéptelo para confirmar la inscripción; si no responde antes, pasará al siguiente en la lista de espera\.Aceptar/,
  );
  expect(offer.getByRole('button', { name: 'Aceptar el lugar para Ada Tester en Telemark' })).toBeInTheDocument();
  expect(offer.getByRole('button', { name: 'Rechazar el lugar para Ada Tester en Telemark' })).toBeInTheDocument();

  // The attendance: headings, columns and the family's own report, with the date as Spanish writes it.
  const table = await screen.findByRole('table', { name: 'Asistencia de Ben Tester en Nordic Skiing' });
  expect(screen.getByRole('heading', { name: 'Asistencia' })).toBeInTheDocument();
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Sesión', 'Marcado', 'Llegada', 'Salida']);
  expect(
    within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['17 ene 2099', '— (usted avisó: Ben is sick)', '—', '—']);
});

test('given Spanish, then leaving a waitlist and declining an offer are confirmed in Spanish, and the toast too', async () => {
  await act(() => chooseLanguage('es'));
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('Ice Climbing');
  await user.click(
    within(itemOf('Ice Climbing')).getByRole('button', {
      name: 'Cancelar la inscripción de Ben Tester en Ice Climbing',
    }),
  );
  const dialog = screen.getByRole('dialog', { name: '¿Cancelar esta inscripción?' });
  expect(dialog).toHaveTextContent(
    'Ben sale de la lista de espera de Ice Climbing; quienes están detrás suben un puesto.',
  );
  expect(within(dialog).getByRole('button', { name: 'Conservar la inscripción' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar la inscripción' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(await screen.findByText('Inscripción cancelada')).toBeInTheDocument();
  expect(screen.getByText('Ben Tester ya no está en la lista de espera de Ice Climbing.')).toBeInTheDocument();
  expect(call).toHaveBeenCalledWith('cancelEnrollment', { enrollmentId: 'ice~ben' });

  await user.click(screen.getByRole('button', { name: 'Rechazar el lugar para Ada Tester en Telemark' }));
  const decline = screen.getByRole('dialog', { name: '¿Rechazar el lugar ofrecido?' });
  expect(decline).toHaveTextContent(
    'Ada sale de la lista de espera de Telemark, y el lugar ofrecido pasa al siguiente en la lista.',
  );
  expect(within(decline).getByRole('button', { name: 'Rechazar el lugar' })).toBeInTheDocument();
  expect(within(decline).getByRole('button', { name: 'Conservar el lugar' })).toBeInTheDocument();
});

test('given Spanish, then the move dialog counts the seats left in Spanish, singular and plural', async () => {
  await act(() => chooseLanguage('es'));
  const user = userEvent.setup();
  renderPage();
  await user.click(
    await screen.findByRole('button', { name: 'Cambiar a otra clase: Ben Tester, ahora en Nordic Skiing' }),
  );
  const dialog = screen.getByRole('dialog', { name: '¿Cambiar a Ben a otra clase?' });
  expect(dialog).toHaveTextContent(/^¿Cambiar a Ben a otra clase\?Ben conserva su lugar en Nordic Skiing hasta ocupar/);
  expect(within(dialog).getByRole('button', { name: 'Elija una clase' })).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Conservar el lugar' })).toBeInTheDocument();
  expect(
    await within(dialog).findByRole('radio', { name: /^Snowshoeing · .* · quedan 3 lugares$/ }),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: /^Avalanche Safety · .* · queda 1 lugar$/ })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('radio', { name: /^Telemark · .* · Llena: esperar un lugar/ }));
  expect(within(dialog).getByRole('button', { name: 'Esperar un lugar en Telemark' })).toBeEnabled();
  await user.click(within(dialog).getByRole('radio', { name: /^Snowshoeing/ }));
  expect(within(dialog).getByRole('button', { name: 'Cambiar a Ben a Snowshoeing' })).toBeEnabled();
});

test('given Spanish, then the absence report speaks Spanish, its meetings and its toast with Spanish dates and times', async () => {
  await act(() => chooseLanguage('es'));
  const user = userEvent.setup();
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastArea>
        <AuthContext.Provider value={family}>
          <AbsenceDialog enrollment={enrollments[0]!} meetings={saturdays} onClose={onClose} />
        </AuthContext.Provider>
      </ToastArea>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Avisar de una ausencia: Ben Tester' });
  const meeting = within(dialog).getByRole('combobox', { name: /Sesión/ });
  expect(meeting).toHaveTextContent('17 ene 2099, 9:00–12:00');
  expect(within(dialog).getByText('Por ejemplo: Ben está enfermo/a hoy.')).toBeInTheDocument();
  await user.click(meeting);
  await user.click(screen.getByRole('option', { name: '24 ene 2099, 13:00–15:30' }));
  await user.type(
    within(dialog).getByRole('textbox', { name: /Una nota breve para los instructores/ }),
    'Ben está enfermo',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Enviar el aviso' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(await screen.findByText('Ausencia avisada')).toBeInTheDocument();
  expect(
    screen.getByText('Los instructores de Nordic Skiing la verán en su lista de asistencia del 24 ene 2099.'),
  ).toBeInTheDocument();
});

test('switched back to English, then My Enrollments says word for word what it said', async () => {
  await act(() => chooseLanguage('es'));
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('Ice Climbing');
  expect(within(itemOf('Ice Climbing')).getByText('En lista de espera – puesto 3')).toBeInTheDocument();
  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('heading', { level: 1, name: 'Enrollments' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Registration' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Lottery requests' })).toBeInTheDocument();
  expect(within(itemOf('Nordic Skiing')).getByText('Enrolled')).toBeInTheDocument();
  expect(within(itemOf('Ice Climbing')).getByText('Waitlisted – position 3')).toBeInTheDocument();
  expect(within(itemOf('Telemark')).getByText('Seat offered')).toBeInTheDocument();
  expect(within(itemOf('Telemark')).getByRole('alert')).toHaveTextContent(
    /^A seat is held for Ada until Sat, Jan 10, 2099, 9:00 AM MST.*\. Accept it to enroll; unanswered by then, it goes to the next child waiting\.AcceptDecline$/,
  );
  expect(await screen.findByRole('table', { name: 'Attendance of Ben Tester in Nordic Skiing' })).toHaveTextContent(
    'MeetingMarkedChecked inChecked outJan 17, 2099— (you reported: Ben is sick)——',
  );
  await user.click(screen.getByRole('button', { name: 'Move to another class: Ben Tester, now in Nordic Skiing' }));
  const dialog = screen.getByRole('dialog', { name: 'Move Ben to another class?' });
  expect(await within(dialog).findByRole('radio', { name: /^Snowshoeing · .* · 3 seats left$/ })).toBeInTheDocument();
  expect(within(dialog).getByRole('radio', { name: /^Avalanche Safety · .* · 1 seat left$/ })).toBeInTheDocument();
  expect(
    within(dialog).getByRole('radio', { name: /^Telemark · .* · Full: wait for a seat, keeping this one$/ }),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Keep the seat' })).toBeInTheDocument();
});
