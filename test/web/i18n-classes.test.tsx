// Class Registration and the lottery page in Spanish: the page, its cards and the families' standing, the enroll
// dialog's steps (choosing a child, the place in line on a busy day, the outcome), and Lottery requests; dates on the
// programme's clock in Spanish, plurals by number, and English word for word again once English is chosen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { momentForReader, momentText } from '../../lambdas/contract/moments';
import type { Class, ClassGroup, FamilyLottery, NamedEnrollment, Student } from '../../lambdas/contract/records';
import { type Auth, AuthContext } from '../../web/src/api/session';
import { LotteryPage } from '../../web/src/account/LotteryPage';
import { EnrollDialog } from '../../web/src/classes/EnrollDialog';
import { enrollInTurn } from '../../web/src/classes/enrollInTurn';
import { EnrollmentPage } from '../../web/src/classes/EnrollmentPage';
import { formatsFor } from '../../web/src/i18n/format';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { readerMoment } from '../../web/src/i18n/readerMoment';
import { ToastArea } from '../../web/src/layout/toast';

/** What each read answers, by the function's name. */
const mockAnswers: Record<string, unknown> = {};
const mockAnswer = (name: string) => ({
  data: mockAnswers[name],
  isPending: false,
  isError: false,
  isSuccess: true,
  refetch: () => undefined,
});
jest.mock('../../web/src/api/queries', () => ({
  useFunction: (name: string) => mockAnswer(name),
  useCatalogueRead: (name: string) => mockAnswer(name),
}));
jest.mock('../../web/src/api/catalogue', () => ({
  useAvailability: () => mockAnswer('availability'),
  useAvailabilityAfter: () => undefined,
  useCurrentSemesterClassIds: () => ({ data: [] }),
  useClassesById: (ids: string[]) =>
    new Map((mockAnswers.classes as Class[]).filter((c) => ids.includes(c.id)).map((c) => [c.id, c])),
  useGroupsById: (ids: string[]) =>
    new Map((mockAnswers.groups as ClassGroup[]).filter((g) => ids.includes(g.id)).map((g) => [g.id, g])),
}));
jest.mock('../../web/src/api/sessionAhead', () => ({ useSessionReadyFor: () => undefined }));
jest.mock('../../web/src/api/changes', () => ({
  useChange: () => ({ mutateAsync: jest.fn(), isPending: false }),
  changed: () => undefined,
}));
jest.mock('../../web/src/classes/enrollInTurn', () => ({ enrollInTurn: jest.fn() }));

/** No programme zone is configured here: moments read on the reader's clock, with no "your time" beside. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const inSpanish = (iso: string) => formatsFor('es', zone).moment(iso);
const OPENED = '2026-11-01T16:00:00Z';
const CLOSES = '2027-01-10T16:00:00Z';

const cls = (id: string, name: string, more: Partial<Class> = {}): Class => ({
  id,
  semesterId: 'w27',
  name,
  description: '',
  location: '',
  instructor: '',
  meetings: [],
  capacity: 10,
  enrolled: 0,
  waitlisted: 0,
  seatsLeft: 4,
  status: 'open',
  ...more,
});
const nordic = cls('c1', 'Nordic Skiing');
const biathlon = cls('c2', 'Biathlon', { seatsLeft: 0, waitlisted: 3 });
const group: ClassGroup = { id: 'g1', semesterId: 'w27', name: 'Winter Week', classIds: ['c1', 'c2'] } as ClassGroup;
const child = (id: string, firstName: string, grade?: number): Student => ({
  id,
  firstName,
  lastName: 'Rivera',
  birthDate: '2016-01-01',
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'A', phone: '5550100100' }],
  pickupAdults: [],
  ...(grade !== undefined && { grade }),
});
const ana = child('s1', 'Ana', 4);
const luis = child('s2', 'Luis');
const luisWaiting: NamedEnrollment = {
  id: 'c2~s2',
  studentId: 's2',
  classId: 'c2',
  semesterId: 'w27',
  status: 'waitlisted',
  waitlistPosition: 3,
  createdAt: '2026-11-02T00:00:00Z',
  className: 'Biathlon',
  studentName: 'Luis Rivera',
} as NamedEnrollment;
const semester = {
  id: 'w27',
  name: 'Winter 2027',
  startDate: '2027-01-02',
  endDate: '2027-03-01',
  current: false,
  registrationOpens: OPENED,
  registrationCloses: CLOSES,
  waitlistMode: 'offers' as const,
  offerHours: 1,
};

const family: Auth = { status: 'signedIn', isAdmin: false, signOut: async () => undefined } as Auth;

function shown(screenToShow: ReactNode) {
  return render(
    <ToastArea>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={family}>
          <MemoryRouter>{screenToShow}</MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </ToastArea>,
  );
}

beforeEach(async () => {
  Object.assign(mockAnswers, {
    semesters: { semesters: [semester] },
    availability: { w27: { classIds: ['c1', 'c2'], groupIds: ['g1'] } },
    classes: [nordic, biathlon],
    groups: [group],
    lotteries: { lotteries: [] },
    students: { students: [ana, luis] },
    myEnrollments: { enrollments: [luisWaiting] },
    myRegistration: undefined,
    enrollmentQuestions: { questions: [] },
    policiesToAccept: { policies: [] },
  });
  await act(() => chooseLanguage('es'));
});

afterEach(async () => {
  await act(() => chooseLanguage('en'));
  localStorage.clear();
});

test('Class Registration in Spanish: the page, the cards, a child waiting, the dates; and English again word for word', async () => {
  // Winter 2027's seats go by a lottery whose requests are taken now.
  const lottery = {
    semesterId: 'w27',
    semesterName: 'Winter 2027',
    requestsOpen: OPENED,
    requestsClose: CLOSES,
    resultsBy: '2027-01-12T16:00:00Z',
    seatsOpen: '2027-01-14T16:00:00Z',
  };
  mockAnswers.lotteries = { lotteries: [lottery] };
  shown(<EnrollmentPage />);
  // The lottery's notice loads with its words.
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `Los lugares de Winter 2027 se asignan por sorteo: envíe sus solicitudes en Solicitudes de sorteo a más tardar el ${inSpanish(CLOSES)}. Llegar antes no da ventaja:`,
  );
  expect(screen.getByRole('heading', { name: 'Inscripción a clases' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Enlaces de inscripción' });
  expect(within(nav).getByRole('link', { name: 'Calendario de clases' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Mis inscripciones' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Solicitudes de sorteo' })).toBeInTheDocument();
  // The cards draw a moment after the answers (deferred).
  const biathlonCard = await screen.findByRole('article', { name: 'Biathlon' });
  expect(screen.getByRole('heading', { name: 'Grupos de clases' })).toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Winter Week' })).toHaveTextContent('Llena: lista de espera');
  expect(screen.getByRole('button', { name: 'Inscribir en Nordic Skiing' })).toHaveTextContent('Inscribir');
  expect(screen.getByRole('button', { name: 'Anotarse en la lista de espera de Biathlon' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Anotarse en la lista de espera de Winter Week' })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Cualquier grado' })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: '4.º grado' })).toBeInTheDocument();
  // Luis waits for Biathlon: on its card, and on the group's, which holds it.
  expect(within(biathlonCard).getByRole('list', { name: 'Sus hijos' })).toHaveTextContent(
    'Luis: En lista de espera: lugar 3',
  );
  // The dates in Spanish, on the programme's clock.
  const times = screen.getByText(/^Las inscripciones abrieron el /);
  expect(times).toHaveTextContent(
    `Las inscripciones abrieron el ${inSpanish(OPENED)} y cierran el ${inSpanish(CLOSES)}.`,
  );
  expect(times.textContent).toMatch(/10 ene 2027/);

  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('heading', { name: 'Class Registration' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Lottery requests' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    `Winter 2027's seats are given by a lottery draw: send your requests on Lottery requests by ${momentText(CLOSES, zone)}. Being early gains nothing:`,
  );
  expect(screen.getByRole('button', { name: 'Enroll in Nordic Skiing' })).toHaveTextContent('Enroll');
  expect(screen.getByRole('button', { name: 'Join waitlist for Biathlon' })).toHaveTextContent('Join waitlist');
  expect(screen.getByRole('article', { name: 'Winter Week' })).toHaveTextContent('Full – join waitlist');
  expect(screen.getByRole('article', { name: 'Biathlon' })).toHaveTextContent('Luis: Waitlisted – position 3');
  expect(
    screen.getByText(`Registration opened ${momentText(OPENED, zone)}; it closes ${momentText(CLOSES, zone)}.`),
  ).toBeInTheDocument();
});

test('the enroll dialog in Spanish: choosing a child, the place in line on a busy day, and the outcome', async () => {
  let decide: (enrollments: NamedEnrollment[]) => void = () => undefined;
  jest.mocked(enrollInTurn).mockImplementation(async (_payload, _semester, onInLine) => {
    onInLine({ place: 12, turnInMs: 40_000 });
    return new Promise((resolve) => {
      decide = resolve;
    });
  });
  const user = userEvent.setup();
  shown(<EnrollDialog target={{ kind: 'class', cls: biathlon }} onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: 'Anotarse en la lista de espera de Biathlon' });
  // A plural: one hour to accept an offered seat.
  expect(
    within(dialog).getByText(/^Biathlon está llena\. Su hijo o hija entra en la lista de espera;/),
  ).toHaveTextContent('tendrá 1 hora para aceptarlo en Mis inscripciones.');
  const children = within(dialog).getByRole('radiogroup', { name: 'Niño o niña que quiere inscribir' });
  expect(within(children).getByRole('radio', { name: /^Ana Rivera\s*4\.º grado$/ })).toBeEnabled();
  expect(
    within(children).getByRole('radio', { name: /Luis Rivera\s*sin grado indicado\s*En lista de espera: lugar 3/ }),
  ).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Elija a un niño o niña' })).toBeDisabled();
  await user.click(within(children).getByRole('radio', { name: /^Ana Rivera/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Anotar a Ana en la lista de espera' }));

  const inLine = await within(dialog).findByRole('status');
  expect(inLine).toHaveTextContent(
    'Muchas familias están inscribiendo en este momento. Recibimos su solicitud para Ana; tiene el número 12 en la fila',
  );
  expect(inLine).toHaveTextContent('debería decidirse en unos 40 segundos.');
  expect(within(inLine).getByRole('progressbar', { name: 'Esperando la decisión' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();

  await act(async () => decide([{ ...luisWaiting, id: 'c2~s1', studentId: 's1', waitlistPosition: 4 }]));
  expect(
    within(dialog).getByText(
      'Biathlon está llena, así que Ana está en la lista de espera, en el lugar 4. Cuando se libere un lugar, se reservará para Ana: recibirá un correo y tendrá 1 hora para aceptarlo en Mis inscripciones.',
    ),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: 'Ver mis inscripciones' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Inscribir a otro niño o niña' })).toBeInTheDocument();

  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('dialog', { name: 'Join the waitlist for Biathlon' })).toHaveTextContent(
    'Biathlon is full, so Ana is on the waitlist at position 4. When a seat opens it is held for Ana: you will get an e-mail and have 1 hours to accept it on My Enrollments.',
  );
  expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
});

test('Lottery requests in Spanish: how the draw works with its dates, the seed, each child’s choices; English again', async () => {
  const lottery: FamilyLottery = {
    semester,
    lottery: {
      requestsOpen: OPENED,
      requestsClose: CLOSES,
      resultsBy: '2027-01-12T16:00:00Z',
      seatsOpen: '2027-01-14T16:00:00Z',
      choices: 2,
      weighted: false,
      drawAtClose: false,
    },
    window: { open: true },
    requests: [],
    commitments: [
      { hash: 'a'.repeat(64), committedAt: '2026-10-01T16:00:00Z' },
      { hash: 'b'.repeat(64), committedAt: '2026-10-02T16:00:00Z', reason: 'Reset' },
    ],
  };
  Object.assign(mockAnswers, {
    myLotteries: { lotteries: [lottery] },
    classesBySemester: { classes: { w27: [nordic, biathlon] } },
    semesterGroups: { groups: [] },
  });
  shown(<LotteryPage />);
  expect(screen.getByRole('heading', { name: 'Solicitudes de sorteo' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Winter 2027: sorteo' })).toBeInTheDocument();
  expect(
    screen.getByText(
      `Los lugares de Winter 2027 se asignan por sorteo, no por orden de llegada. Envíe las opciones de cada niño o niña, de la preferida a la menos preferida (hasta 2), del ${inSpanish(OPENED)} al ${inSpanish(CLOSES)}; hasta entonces puede cambiarlas o retirarlas.`,
    ),
  ).toBeInTheDocument();
  // A plural: the seed changed once, two commitments.
  expect(screen.getByText('La semilla se cambió 1 vez (2 compromisos), cada una con su motivo:')).toBeInTheDocument();
  expect(
    screen.getByText(/^La semilla del sorteo se eligió el .*y se mantiene en secreto hasta los resultados\./),
  ).toBeInTheDocument();
  expect(
    screen.getByLabelText(/^Mantener juntos a mis hijos: los niños con las mismas opciones obtienen lugar juntos/),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Guardar las opciones de Ana' })).toBeInTheDocument();
  expect(screen.getAllByLabelText('Opción 1')).toHaveLength(2);
  expect(screen.getAllByLabelText('Opción 2 (opcional)')).toHaveLength(2);

  await act(() => chooseLanguage('en'));
  expect(screen.getByRole('heading', { name: 'Lottery requests' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Winter 2027: lottery' })).toBeInTheDocument();
  expect(screen.getByText('The seed was changed 1 time (2 commitments), each with its reason:')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: "Save Ana's choices" })).toBeInTheDocument();
  expect(screen.getAllByLabelText('Choice 2 (optional)')).toHaveLength(2);
});

test("a moment in Spanish on the programme's clock, the reader's own time beside it when theirs differs", () => {
  const moment = '2027-01-10T16:00:00Z';
  expect(readerMoment('es', moment, 'America/Denver', 'America/New_York')).toBe(
    `${formatsFor('es', 'America/Denver').moment(moment)} (11:00 GMT-5 en su hora local)`,
  );
  expect(readerMoment('es', moment, 'America/Denver', 'Asia/Tokyo')).toMatch(
    /\(lun, 11 ene, 1:00 GMT\+9 en su hora local\)$/,
  );
  expect(readerMoment('es', moment, 'America/Denver', 'America/Denver')).toBe(
    formatsFor('es', 'America/Denver').moment(moment),
  );
  expect(readerMoment('en', moment, 'America/Denver', 'America/New_York')).toBe(
    momentForReader(moment, 'America/Denver', 'America/New_York'),
  );
});
