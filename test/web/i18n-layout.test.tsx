/**
 * @jest-environment-options {"customExportConditions": ["require", "default"]}
 */
// FullCalendar's preact is an ES module under jsdom's "browser" condition: its CommonJS build is taken instead.
// The portal in Spanish, the shared layout: the frame of every page (skip link, announcement, footer), the user
// menu, the confirmation dialog, a load failure, how class schedules and moments read, and the Class Calendar
// (FullCalendar's weekdays and months too), all in Spanish; switching back gives the English word for word.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '../../web/src/api/client';
import { AuthContext, type Auth } from '../../web/src/api/session';
import { ClassCalendarPage } from '../../web/src/calendar/ClassCalendarPage';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { ConfirmDialog } from '../../web/src/layout/ConfirmDialog';
import { LoadFailure } from '../../web/src/layout/LoadFailure';
import { RemoteConfigProvider } from '../../web/src/layout/RemoteConfig';
import { RootLayout } from '../../web/src/layout/RootLayout';
import { SeedChanges } from '../../web/src/layout/SeedChanges';
import { signInFirstFor } from '../../web/src/layout/signInFirst';
import { gradesLabel, scheduleSummary, seatsLabel } from '../../web/src/layout/schedule';
import { ToastArea } from '../../web/src/layout/toast';
import { menuEmail, UserMenu } from '../../web/src/layout/UserMenu';
import { WeekdayToggles } from '../../web/src/layout/WeekdayToggles';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

// jsdom has no ResizeObserver; the header only reports its height with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

const RUNTIME = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const CONFIG = {
  values: {
    announcement: 'Ski swap on Saturday',
    contactEmail: 'office@example.org',
    privacyPolicyUrl: 'https://example.org/privacy',
  },
  timeZone: 'America/Denver',
};
// A class of a past season, so the calendar opens on its last meeting whatever today is: January 2020.
const CLASS = {
  id: 'nordic',
  semesterId: 'w20',
  name: 'Nordic 1',
  meetings: [{ date: '2020-01-11', start: '09:00', end: '12:00' }],
};
const MEETINGS = [
  { classId: 'nordic', title: 'Nordic 1', start: '2020-01-11T09:00', end: '2020-01-11T12:00', location: 'Ice park' },
  {
    classId: 'nordic',
    title: 'Nordic 1',
    start: '2020-01-18T09:00',
    end: '2020-01-18T12:00',
    location: 'Ice park',
    cancelled: true,
  },
];

/** Stands in for the portal: the configuration, the semesters, their classes and the calendar's meetings. */
function answering() {
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => RUNTIME } as Response;
    const name = url.split('/').at(-1)!.split('?')[0];
    const data =
      name === 'config'
        ? CONFIG
        : name === 'semesters'
          ? { semesters: [{ id: 'w20', name: 'Winter 2020', current: false }] }
          : name === 'classesBySemester'
            ? { classes: { w20: [CLASS] } }
            : name === 'calendar'
              ? { events: MEETINGS }
              : {};
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
}

const family: Auth = {
  status: 'signedIn',
  user: { sub: 'family-1', email: 'familia.garcia@example.com' },
  isAdmin: false,
  signOut: jest.fn(async () => undefined),
};
const visitor: Auth = { status: 'signedOut', isAdmin: false, signOut: async () => undefined };

function renderPortal(children: ReactNode, { auth = visitor, path = '/' } = {}) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastArea>
        <RemoteConfigProvider>
          <AuthContext.Provider value={auth}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </AuthContext.Provider>
        </RemoteConfigProvider>
      </ToastArea>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  answering();
  await loadRuntimeConfig();
});

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

test('every page’s frame in Spanish: skip link, announcement, footer; and back in English word for word', async () => {
  await chooseLanguage('es');
  renderPortal(
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<p>Página</p>} />
      </Route>
    </Routes>,
  );
  // The frame shows once the configuration came, with its announcement.
  expect(await screen.findByRole('region', { name: 'Aviso' })).toHaveTextContent('Ski swap on Saturday');
  await waitFor(() =>
    expect(screen.getByText('© 2025 Mountain School Programme. Todos los derechos reservados.')).toBeVisible(),
  );
  expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', '#main');
  expect(screen.getByRole('button', { name: 'Cerrar el aviso' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
    'href',
    'https://example.org/privacy',
  );
  const help = screen.getByText(/¿Necesita ayuda\?/);
  expect(help).toHaveTextContent('¿Necesita ayuda? Escriba a office@example.org');
  expect(within(help).getByRole('link', { name: 'office@example.org' })).toHaveAttribute(
    'href',
    'mailto:office@example.org',
  );

  await act(() => chooseLanguage('en'));
  expect(screen.getByText('© 2025 Mountain School Programme. All rights reserved.')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Announcement' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Dismiss announcement' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  expect(screen.getByText(/Need help\?/)).toHaveTextContent('Need help? Write to office@example.org');
});

test('the user menu in Spanish, and in English as before', async () => {
  await chooseLanguage('es');
  const user = userEvent.setup();
  renderPortal(<UserMenu />, { auth: family });
  await user.click(screen.getByRole('button', { name: 'Menú de la cuenta' }));
  const menu = screen.getByRole('menu');
  expect(within(menu).getByRole('menuitem', { name: 'Inscripciones' })).toHaveAttribute('href', '/account/enrollments');
  expect(within(menu).getByRole('menuitem', { name: 'Administrar cuenta' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
  expect(menuEmail(undefined)).toBe('Correo del usuario');

  await act(() => chooseLanguage('en'));
  expect(within(menu).getByRole('menuitem', { name: 'Enrollments' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Manage Account' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  expect(menuEmail(undefined)).toBe('User email');
});

test('a confirmation in Spanish: its own buttons, the busy word, the server’s refusal kept in the dialog', async () => {
  await chooseLanguage('es');
  const user = userEvent.setup();
  let refuse: (error: Error) => void = () => undefined;
  renderPortal(
    <ConfirmDialog
      title="¿Cancelar la inscripción?"
      confirmLabel="Cancelar la inscripción"
      action={() => new Promise((_resolve, reject) => (refuse = reject))}
      onClose={() => undefined}
    >
      Nordic 1
    </ConfirmDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: '¿Cancelar la inscripción?' });
  expect(within(dialog).getByRole('button', { name: 'No, dejarlo así' })).toBeEnabled();
  await user.click(within(dialog).getByRole('button', { name: 'Cancelar la inscripción' }));
  expect(within(dialog).getByRole('button', { name: 'Procesando…' })).toBeDisabled();
  await act(async () => refuse(new ApiError('internal', 'La clase ya empezó.', 409)));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('La clase ya empezó.');

  await act(() => chooseLanguage('en'));
  expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeEnabled();
});

test('a load failure in Spanish names what failed and offers to retry', async () => {
  await chooseLanguage('es');
  const retry = jest.fn();
  renderPortal(<LoadFailure what="La lista de clases" error={{ message: 'Sin conexión' }} onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('La lista de clases: no se pudo cargar. Sin conexión');
  await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(retry).toHaveBeenCalled();
  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('alert')).toHaveTextContent('La lista de clases could not be loaded: Sin conexión');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

const saturdays = Array.from({ length: 8 }, (_, week) => ({
  date: new Date(Date.UTC(2027, 0, 2 + 7 * week)).toISOString().slice(0, 10),
  start: '09:00',
  end: '12:00',
}));

test("schedules, grades and seats in Spanish: weekdays and months in Spanish, 24-hour times on the programme's clock, plurals", async () => {
  await chooseLanguage('es');
  expect(scheduleSummary(saturdays, 'America/Denver')).toBe(
    'Sábados 9:00–12:00 (hora de Denver) · 8 sesiones, 2 ene – 20 feb',
  );
  const sunday = { date: '2027-01-03', start: '12:00', end: '13:30' };
  expect(scheduleSummary([saturdays[0]!, sunday], 'UTC')).toBe(
    'Domingos 12:00–13:30, sábados 9:00–12:00 (UTC) · 2 sesiones, 2 ene – 3 ene',
  );
  expect(scheduleSummary([sunday], 'America/Denver')).toBe('Domingos 12:00–13:30 (hora de Denver) · 1 sesión, 3 ene');
  expect(scheduleSummary([], 'America/Denver')).toBe('Horario por anunciar');
  expect(seatsLabel({ seatsLeft: 1, waitlisted: 0 })).toBe('Queda 1 lugar');
  expect(seatsLabel({ seatsLeft: 3, waitlisted: 0 })).toBe('Quedan 3 lugares');
  expect(seatsLabel({ seatsLeft: 0, waitlisted: 2 })).toBe('Llena: únase a la lista de espera');
  expect(gradesLabel({ minGrade: 6, maxGrade: 8 })).toBe('Grados 6 a 8');
  expect(gradesLabel({ minGrade: -1, maxGrade: 0 })).toBe('Grados Prekínder a Kínder');
  expect(gradesLabel({})).toBe('Todos los grados');

  await act(() => chooseLanguage('en'));
  expect(scheduleSummary(saturdays, 'America/Denver')).toBe(
    'Saturdays 9:00 AM–12:00 PM MT · 8 meetings, Jan 2 – Feb 20',
  );
  expect(scheduleSummary([sunday], 'America/Denver')).toBe('Sundays 12:00 PM–1:30 PM MT · 1 meeting, Jan 3');
  expect(seatsLabel({ seatsLeft: 1, waitlisted: 0 })).toBe('1 seat left');
  expect(seatsLabel({ seatsLeft: 3, waitlisted: 0 })).toBe('3 seats left');
  expect(seatsLabel({ seatsLeft: 0, waitlisted: 2 })).toBe('Full – join waitlist');
  expect(gradesLabel({ minGrade: -1, maxGrade: 0 })).toBe('Grades Pre-K–K');
  expect(gradesLabel({ minGrade: 3 })).toBe('Grades 3 and up');
  expect(gradesLabel({ minGrade: 3, maxGrade: 3 })).toBe('Grade 3');
  expect(gradesLabel({})).toBe('All grades');
});

test('the weekday toggles show and name the days in Spanish', async () => {
  await chooseLanguage('es');
  render(<WeekdayToggles days={[6]} onChange={() => undefined} aria-label="Días" />);
  expect(screen.getByRole('button', { name: 'sábado' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'domingo' })).toHaveTextContent(/^dom/);
  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Sunday' })).toHaveTextContent(/^Sun/);
});

test('the Class Calendar in Spanish: its page, FullCalendar’s months and weekdays, a meeting, the feeds; and in English', async () => {
  await chooseLanguage('es');
  const user = userEvent.setup();
  renderPortal(<ClassCalendarPage />, { path: '/calendar/classes' });
  expect(screen.getByRole('heading', { level: 1, name: 'Calendario de clases' })).toBeInTheDocument();
  expect(
    await screen.findByText(
      'Todas las sesiones de clase del programa (horarios en hora de Denver). Elija una sesión para ver su hora, su lugar y cómo inscribirse.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Clase' })).toHaveAttribute('placeholder', 'Todas las clases');
  expect(screen.getByRole('link', { name: 'Suscribirse a todas las clases' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Dirección del calendario: todas las clases' })).toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Copiar la dirección del calendario: todas las clases' }),
  ).toBeInTheDocument();

  // FullCalendar, loaded on first use, opens on the season's last meeting: January 2020, in Spanish.
  expect(await screen.findByRole('heading', { name: /enero de 2020/i })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hoy' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mes' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Semana' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Lista' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mes' })).toHaveAttribute('title', 'Vista mensual');
  expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('title', 'Vista de lista');
  expect(screen.getByRole('button', { name: 'Hoy' })).toHaveAttribute('title', 'Este mes');
  expect(screen.getByTitle('Mes anterior')).toBeInTheDocument();
  expect(screen.getByTitle('Mes siguiente')).toBeInTheDocument();
  const weekdays = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(weekdays.slice(0, 7)).toEqual(['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']);
  expect(await screen.findByText('Cancelada: Nordic 1')).toBeInTheDocument();

  await user.click(screen.getAllByText('Nordic 1')[0]!);
  const meeting = screen.getByRole('dialog', { name: 'Nordic 1' });
  expect(meeting).toHaveTextContent('sáb, 11 ene 2020, 9:00–12:00 hora de Denver');
  expect(within(meeting).getByRole('button', { name: 'Mostrar solo esta clase' })).toBeInTheDocument();
  expect(within(meeting).getByRole('link', { name: 'Inscripción a clases' })).toHaveAttribute(
    'href',
    '/classes/enrollment?class=nordic',
  );
  expect(within(meeting).queryByRole('button', { name: 'Cancelar esta sesión…' })).not.toBeInTheDocument();
  await act(() => chooseLanguage('en'));
  expect(meeting).toHaveTextContent('Sat, Jan 11, 2020, 9:00 AM–12:00 PM MT');
  expect(within(meeting).getByRole('link', { name: 'Class Registration' })).toBeInTheDocument();
  await user.click(within(meeting).getByRole('button', { name: 'Close' }));

  expect(screen.getByRole('heading', { level: 1, name: 'Class Calendar' })).toBeInTheDocument();
  expect(
    screen.getByText(
      'Every class meeting of the programme (times in MT). Choose a meeting for its time, place and registration.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'January 2020' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Month' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('title', 'Month view');
  expect(screen.getByTitle('Previous Month')).toBeInTheDocument();
  expect(
    screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .slice(0, 7),
  ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  expect(await screen.findByText('Cancelled: Nordic 1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Subscribe to all classes' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy the feed address: all classes' })).toBeInTheDocument();
});

test("a lottery seed's change in Spanish: the moments in Spanish on the programme's clock, the administrator's reason quoted and marked English", async () => {
  await chooseLanguage('es');
  const commitments = [
    { hash: 'a'.repeat(64), committedAt: '2027-01-03T16:00:00Z', reason: '' },
    { hash: 'b'.repeat(64), committedAt: '2027-01-10T16:00:00Z', reason: 'The first was published by mistake' },
  ];
  renderPortal(<SeedChanges commitments={commitments} />);
  const changes = screen.getByRole('list', { name: 'Cambios de la semilla' });
  await waitFor(() =>
    expect(changes).toHaveTextContent(
      /^Compromiso 2, del dom, 10 ene 2027, 9:00 GMT-7 .*: reemplazó al compromiso 1 \(del dom, 3 ene 2027, 9:00 GMT-7 .*\) porque: «The first was published by mistake\(en inglés\)». Su SHA-256: b{64}$/,
    ),
  );
  expect(within(changes).getByText('The first was published by mistake')).toHaveAttribute('lang', 'en');
  expect(within(changes).getByText('b'.repeat(64)).tagName).toBe('CODE');
  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('list', { name: 'Changes of the seed' })).toHaveTextContent(
    /^Commitment 2, on Sun, Jan 10, 2027, 9:00 AM MST.*, replaced commitment 1 \(of Sun, Jan 3, 2027, 9:00 AM MST.*\) because: “The first was published by mistake”. Its SHA-256: b{64}$/,
  );
});

test('an invitation opened signed out says why to sign in first in the language chosen then', async () => {
  await chooseLanguage('es');
  expect(signInFirstFor('/account/invitation', '#to=tutor%40example.com')).toEqual({
    to: '/user/create?email=tutor%40example.com',
    purpose: expect.stringMatching(/^Recibió una invitación para ser tutor\/a de una familia\. Cree su cuenta/),
  });
  await act(() => chooseLanguage('en'));
  expect(signInFirstFor('/instructor/invitation', '')?.purpose).toBe(
    'You are invited to teach classes. Create your account with the e-mail address the invitation was sent to, or sign in if you have one: the invitation opens again, to accept.',
  );
});
