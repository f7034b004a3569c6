// The e-mails in Spanish (issue 34), each kind translated so far rendered in its frame as a family reads it: the
// words written for families (usted, the glossary's terms), dates by Intl in Spanish on the programme's clock, the
// frame's own words and the page's lang; English stays as it was for the same facts.
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { sampleClass, sampleSite } from '../../lambdas/mail/samples';
import { studentNoticeContent, type StudentNotice } from '../../lambdas/mail/notices';
import { lotteryNoticeContent, type LotteryNotice } from '../../lambdas/mail/lotteryNotice';
import { spanishInvitation, studentNoticeIn } from '../../lambdas/mail/spanishNotices';
import { classChangesEs, spanishAnnouncement, spanishClassNotice, whereEs } from '../../lambdas/mail/spanishMessages';
import { spanishAbsence, spanishCheckOut } from '../../lambdas/mail/spanishClassDay';
import { lotteryNoticeIn } from '../../lambdas/mail/spanishLottery';
import { shortScheduleEs, momentTextEs } from '../../lambdas/mail/spanishWords';
import { renderMail } from '../../lambdas/contract/mail/mailRender';
import { languageOfTag } from '../../lambdas/contract/languages';
import { customMessage } from '../../lambdas/mail/handlers/customMessage';
import type { NoticeKind } from '../../lambdas/contract/mailRecords';

const skiing = { ...sampleClass, id: 'backcountry-skiing', name: 'Esquí de travesía', location: 'Red Mountain Pass' };
const notice = (kind: NoticeKind, extra: Partial<StudentNotice> = {}): StudentNotice => ({
  kind,
  studentName: 'Ana Alpine',
  classes: [{ cls: sampleClass }],
  ...extra,
});
const spanish = (facts: StudentNotice) => renderMail(studentNoticeIn('es', facts, sampleSite), sampleSite, 'es');

const expectedWords: Array<[string, StudentNotice, RegExp[]]> = [
  [
    'enrolled',
    notice('enrolled'),
    [
      /^Inscripción confirmada: Ana Alpine en Ice Climbing$/,
      /Buenas noticias: Ana Alpine tiene un lugar en Ice Climbing\./,
      /Qué hacer ahora/,
    ],
  ],
  [
    'waitlisted',
    notice('waitlisted', { classes: [{ cls: sampleClass, waitlistPosition: 3 }] }),
    [
      /^En lista de espera: Ana Alpine para Ice Climbing \(número 3\)$/,
      /está en la lista de espera con el número 3/,
      /no tiene que hacer nada más/,
    ],
  ],
  [
    'waitlisted in a semester of offers',
    notice('waitlisted', { classes: [{ cls: sampleClass, waitlistPosition: 3 }], offerHours: 1 }),
    [/acéptelo en Mis inscripciones en un plazo de 1 hora;/],
  ],
  [
    'a move waiting for a seat',
    notice('waitlisted', { fromClassName: 'Ice Climbing', classes: [{ cls: skiing, waitlistPosition: 2 }] }),
    [
      /Como usted lo pidió, Ana Alpine conserva su lugar en Ice Climbing hasta que tenga lugar en Esquí de travesía/,
      /cambiaremos a Ana Alpine/,
    ],
  ],
  [
    'promoted',
    notice('promoted'),
    [/^Se liberó un lugar: Ana Alpine tiene lugar en Ice Climbing$/, /salió de la lista de espera/],
  ],
  ['cancelled', notice('cancelled'), [/^Inscripción cancelada: Ana Alpine en Ice Climbing$/, /Inscripción a clases/]],
  [
    'cancelledByAdmin',
    notice('cancelledByAdmin'),
    [
      /^Cancelada por el programa: inscripción de Ana Alpine en Ice Climbing$/,
      /Los administradores del programa cancelaron/,
    ],
  ],
  [
    'moved',
    notice('moved', { fromClassName: 'Ice Climbing', classes: [{ cls: skiing }] }),
    [
      /^Cambio de clase: Ana Alpine de Ice Climbing a Esquí de travesía$/,
      /El programa cambió a Ana Alpine de Ice Climbing a/,
    ],
  ],
  [
    'movedAsAsked',
    notice('movedAsAsked', { fromClassName: 'Ice Climbing', classes: [{ cls: skiing }] }),
    [/Como usted lo pidió, Ana Alpine pasó de Ice Climbing a/],
  ],
  [
    'offered',
    notice('offered', { offerExpiresAt: '2027-01-05T18:00:00.000Z' }),
    [
      /^Oferta de lugar: Ana Alpine en Ice Climbing, hasta el mar, 5 ene 2027, 11:00 GMT-7$/,
      /hasta el mar, 5 ene 2027, 11:00 GMT-7\. Acéptelo en Mis inscripciones/,
      /Aceptar o rechazar el lugar/,
    ],
  ],
  ['offerLapsed', notice('offerLapsed'), [/^Oferta vencida: Ana Alpine en Ice Climbing$/, /no se aceptó a tiempo/]],
  [
    'reminder',
    notice('reminder'),
    [
      /^Recordatorio: Ice Climbing empieza el dom, 3 ene$/,
      /la primera sesión de Ice Climbing es el dom, 3 ene 2027, 9:00–13:00 \(hora de Denver\)\./,
      /Elija qué correos recibe: https:\/\/portal\.mountainschool\.example\/account\/manage/,
    ],
  ],
];

describe.each(expectedWords)('the %s e-mail in Spanish', (_kind, facts, words) => {
  test('says what happened in Spanish, in the subject and both parts, in the Spanish frame', () => {
    const mail = spanish(facts);
    const [subject, ...inBody] = words;
    if (subject!.source.startsWith('^')) expect(mail.subject).toMatch(subject!);
    else inBody.unshift(subject!);
    for (const pattern of inBody) expect(mail.text).toMatch(pattern);
    expect(mail.html).toContain('<html dir="ltr" lang="es"');
    expect(mail.html).toContain('¿Preguntas? Escríbanos a');
    expect(mail.text).toContain('Mountain School Programme · ¿Preguntas? Escríbanos a office@mountainschool.example');
    expect(mail.text).toMatch(/Recibe este correo porque inscribió a Ana Alpine en Mountain School Programme\./);
    // No English left in the words the portal writes (the class's own details are the administrators').
    expect(mail.text).not.toMatch(/\b(?:the|You|your|seat|waitlist|Questions)\b/);
  });

  test('English for the same facts is what the English writer gives, byte for byte', () => {
    const english = renderMail(studentNoticeIn('en', facts, sampleSite), sampleSite, 'en');
    expect(english).toEqual(renderMail(studentNoticeContent(facts, sampleSite), sampleSite));
    expect(english.html).toContain('<html dir="ltr" lang="en"');
  });
});

test("the class details in Spanish: the short schedule, each date, the place and what to bring, on the programme's clock", () => {
  const text = spanish(notice('enrolled')).text;
  expect(text).toContain('  Cuándo: 8 domingos, 3 ene – 21 feb, 9:00–13:00 (hora de Denver)');
  expect(text).toContain('    dom, 10 ene 2027, 9:00–13:00 (hora de Denver)');
  expect(text).toContain('  Dónde: Ouray Ice Park, lower bridge');
  expect(text).toContain('  Qué traer:\n    Warm layers and gloves');
  expect(shortScheduleEs([], 'America/Denver')).toBe('Fechas por anunciar');
  expect(shortScheduleEs([{ date: '2027-01-02', start: '14:30', end: '16:00' }], 'UTC')).toBe(
    'sábado, 2 ene, 14:30–16:00 (UTC)',
  );
  expect(momentTextEs('2027-07-05T18:00:00.000Z', 'America/Denver')).toBe('lun, 5 jul 2027, 12:00 GMT-6');
});

test('what to bring as the administrators wrote it in Spanish, when they did', () => {
  const cls = { ...sampleClass, es: { whatToBring: 'Ropa abrigada\nAlmuerzo' } };
  const text = spanish(notice('reminder', { classes: [{ cls }] })).text;
  expect(text).toContain('  Qué traer:\n    Ropa abrigada\n    Almuerzo');
  expect(text).toContain('Prepare lo que hay que traer');
});

test('several classes are named with Spanish conjunctions', () => {
  const mail = spanish(
    notice('enrolled', { classes: [{ cls: sampleClass }, { cls: { ...skiing, name: 'Iniciación' } }] }),
  );
  expect(mail.subject).toBe('Inscripción confirmada: Ana Alpine en Ice Climbing e Iniciación');
});

const lottery: LotteryNotice = {
  semesterName: 'Invierno 2027',
  seatsOpen: '2027-01-05T18:00:00.000Z',
  seed: 'abc123',
  children: [
    { firstName: 'Ana', outcome: 'enrolled', choiceName: 'Ice Climbing', rank: 1 },
    { firstName: 'Beto', outcome: 'waitlisted', choiceName: 'Ice Climbing', rank: 2, place: 4 },
    { firstName: 'Cy', outcome: 'unplaced' },
    { firstName: 'Dee', outcome: 'unplaced', reason: 'Ice Climbing is closed to new enrollments.' },
  ],
};

test('the lottery results in Spanish: each child, the opening, the seed', () => {
  const mail = renderMail(lotteryNoticeIn('es', lottery, sampleSite), sampleSite, 'es');
  expect(mail.subject).toBe('Resultados del sorteo de Invierno 2027');
  expect(mail.text).toContain('- Ana: un lugar en Ice Climbing (primera opción).');
  expect(mail.text).toContain('- Beto: en la lista de espera de Ice Climbing (segunda opción), con el número 4.');
  expect(mail.text).toContain('- Cy: sin lugar. Ninguna de las clases que pidió admite niños del grado de Cy.');
  // Why a child was left unplaced is enrolling's refusal, kept in English and said in Spanish.
  expect(mail.text).toContain('- Dee: sin lugar. Ice Climbing ya no acepta inscripciones nuevas.');
  expect(mail.text).toContain('por orden de llegada, el mar, 5 ene 2027, 11:00 GMT-7.');
  expect(mail.text).toContain('La semilla del sorteo es abc123.');
  expect(renderMail(lotteryNoticeIn('en', lottery, sampleSite), sampleSite)).toEqual(
    renderMail(lotteryNoticeContent(lottery, sampleSite), sampleSite),
  );
});

test("a locale names the account's language by its primary subtag; anything else is English", () => {
  expect(languageOfTag('es')).toBe('es');
  expect(languageOfTag('es-MX')).toBe('es');
  expect(languageOfTag('ES_ar')).toBe('es');
  expect(languageOfTag('fr')).toBe('en');
  expect(languageOfTag(undefined)).toBe('en');
});

describe("the user pool's e-mails in the account's locale", () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({
      Item: {
        PK: 'SETTINGS',
        SK: 'CONFIG',
        values: { programmeName: 'Summit School', contactEmail: 'help@summit.example' },
      },
    });
  });
  const event = (triggerSource: string, locale?: string) =>
    ({
      triggerSource,
      request: { codeParameter: '{####}', userAttributes: { email: 'ana@example.com', ...(locale && { locale }) } },
      response: {},
    }) as unknown as CustomMessageTriggerEvent;
  const words = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');

  test.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'])('the %s code in Spanish', async (source) => {
    const { response } = await customMessage(event(source, 'es-MX'));
    expect(response.emailSubject).toBe('Su código de Summit School: confirme su correo electrónico');
    const read = words(response.emailMessage!);
    expect(read).toContain('Su código es {####} .');
    expect(read).toContain(
      'Su cuenta de Summit School para ana@example.com queda creada en cuanto confirme esta dirección.',
    );
    expect(read).toContain('¿Preguntas? Escríbanos a help@summit.example');
    expect(response.emailMessage).toContain('lang="es"');
  });

  test('the password reset in Spanish, its link as in English', async () => {
    const { response } = await customMessage(event('CustomMessage_ForgotPassword', 'es'));
    expect(response.emailSubject).toBe('Restablezca su contraseña de Summit School');
    const read = words(response.emailMessage!);
    expect(read).toContain('Su código para restablecerla es {####} .');
    expect(read).toContain('https://portal.example.org/user/reset?email=ana%40example.com&code={####}');
    expect(read).toContain('Si usted no lo pidió, ignore este correo');
  });

  test('an account made by an administrator, in Spanish', async () => {
    const { response } = await customMessage(event('CustomMessage_AdminCreateUser', 'es'));
    expect(response.emailSubject).toBe('Su cuenta de Summit School');
    expect(words(response.emailMessage!)).toContain('la contraseña temporal {####}');
  });

  test('no locale, or one the portal does not speak: English, as before', async () => {
    for (const locale of [undefined, 'fr']) {
      const { response } = await customMessage(event('CustomMessage_SignUp', locale));
      expect(response.emailSubject).toBe('Your Summit School code: confirm your e-mail');
      expect(response.emailMessage).toContain('lang="en"');
    }
  });
});

const children = [
  { name: 'Ana Alpine', status: 'enrolled' as const },
  { name: 'Beto Alpine', status: 'waitlisted' as const, waitlistPosition: 2 },
];
const es = (content: Parameters<typeof renderMail>[0]) => renderMail(content, sampleSite, 'es');

test('a class closed, in Spanish: where each child stands', () => {
  const mail = es(spanishClassNotice('classClosed', { cls: sampleClass, children }, sampleSite));
  expect(mail.subject).toBe('Clase cerrada: Ice Climbing');
  expect(mail.text).toContain('ya no admite inscripciones nuevas y su lista de espera ya no avanza.');
  expect(mail.text).toContain('Ana Alpine conserva su lugar; Beto Alpine sigue en la lista de espera con el número 2.');
  expect(mail.text).toContain(
    'Recibe este correo porque Ana Alpine y Beto Alpine están en Ice Climbing (Mountain School Programme).',
  );
});

test('a meeting cancelled, in Spanish: the day, the note as written, the other meetings', () => {
  const meeting = sampleClass.meetings[1]!;
  const mail = es(
    spanishClassNotice(
      'meetingCancelled',
      {
        cls: {
          ...sampleClass,
          meetings: sampleClass.meetings.map((m) => (m === meeting ? { ...m, cancelled: true } : m)),
        },
        children: children.slice(0, 1),
        meeting,
        note: 'The road is closed by snow.',
      },
      sampleSite,
    ),
  );
  expect(mail.subject).toBe('Sesión cancelada el dom, 10 ene: Ice Climbing');
  expect(mail.text).toContain(
    'El programa canceló la sesión de Ice Climbing del dom, 10 ene 2027, 9:00–13:00 (hora de Denver).',
  );
  expect(mail.text).toContain('The road is closed by snow.');
  expect(mail.text).toContain('dom, 10 ene 2027, 9:00–13:00 (hora de Denver) (cancelada)');
  expect(mail.text).toContain('Recibe este correo porque Ana Alpine está en Ice Climbing');
});

test("an announcement in Spanish: the administrator's Spanish where given, else the English said to be in English", () => {
  const given = es(
    spanishAnnouncement(
      {
        subject: 'Parents evening',
        text: 'Dear families,',
        children,
        where: 'in Ice Climbing',
        es: { subject: 'Reunión de familias', text: 'Queridas familias:' },
      },
      sampleSite,
    ),
  );
  expect(given.subject).toBe('Reunión de familias');
  expect(given.text).toContain('Queridas familias:');
  expect(given.text).not.toContain('Dear families');
  expect(given.text).not.toContain('(Mensaje en inglés)');
});

test("an announcement without Spanish: the administrators' text as written, said to be in English, the portal's words in Spanish", () => {
  const mail = es(
    spanishAnnouncement(
      {
        subject: 'Parents evening',
        text: 'Dear families,\n\n- Bring questions',
        children,
        where: 'on the waitlist for Ice Climbing',
      },
      sampleSite,
    ),
  );
  expect(mail.subject).toBe('Parents evening');
  expect(mail.text).toContain('(Mensaje en inglés)');
  expect(mail.text).toContain('- Bring questions');
  expect(mail.text).toContain('¿Preguntas? Escríbanos a office@mountainschool.example.');
  expect(mail.text).toContain('están en la lista de espera de Ice Climbing (Mountain School Programme).');
  expect(mail.text).toContain('Elija qué correos recibe: https://portal.mountainschool.example/account/manage');
  expect(whereEs('enrolled in Winter 2027')).toBe('en la temporada Winter 2027');
  expect(whereEs('in Teens group')).toBe('en Teens group');
});

test('an absence confirmed and a check-out, in Spanish', () => {
  const absence = es(
    spanishAbsence(
      {
        studentName: 'Ana Alpine',
        className: 'Ice Climbing',
        date: '2027-01-17',
        meeting: sampleClass.meetings[2]!,
        note: 'Fiebre.',
      },
      sampleSite,
    ),
  );
  expect(absence.subject).toBe('Ausencia registrada: Ana Alpine, Ice Climbing el 17 ene 2027');
  expect(absence.text).toContain('Ana Alpine faltará a Ice Climbing el dom, 17 ene 2027, 9:00–13:00 (hora de Denver).');
  const flagged = es(
    spanishCheckOut(
      {
        studentName: 'Ana Alpine',
        className: 'Ice Climbing',
        at: '2027-01-17T20:05:00.000Z',
        pickedUpBy: 'Sam Neighbour',
        reason: 'Mother phoned.',
        flagged: true,
      },
      sampleSite,
    ),
  );
  expect(flagged.subject).toBe('Salida con una persona que no está en la lista: Ana Alpine de Ice Climbing');
  expect(flagged.text).toContain(
    'Ana Alpine salió de Ice Climbing el dom, 17 ene 2027, 13:05 GMT-7, con Sam Neighbour.',
  );
  expect(flagged.text).toContain('La oficina ya está avisada.');
  const plain = es(
    spanishCheckOut(
      { studentName: 'Ana Alpine', className: 'Ice Climbing', at: '2027-01-17T20:05:00.000Z', pickedUpBy: 'Dana' },
      sampleSite,
    ),
  );
  expect(plain.subject).toBe('Salida registrada: Ana Alpine de Ice Climbing');
  expect(plain.text).toContain('Administrar cuenta');
});

test("the invitation to be a guardian, in Spanish (the inviting guardian's language)", () => {
  const mail = es(
    spanishInvitation(
      {
        invitedByEmail: 'pat@example.com',
        familyName: 'Familia Alpine',
        acceptUrl: 'https://portal.mountainschool.example/account/invitation?token=t',
        expiresOn: '2027-01-10',
      },
      sampleSite,
    ),
  );
  expect(mail.subject).toBe('pat@example.com le invita a ser tutor/a en Mountain School Programme');
  expect(mail.text).toContain(
    'pat@example.com le invita a ser tutor/a de Familia Alpine en el portal de inscripciones',
  );
  expect(mail.text).toContain('una sola vez, hasta el 10 de enero de 2027.');
  expect(mail.text).toContain(
    'Aceptar la invitación: https://portal.mountainschool.example/account/invitation?token=t',
  );
});

test('a class changed, in Spanish: its changes written in Spanish beside the English', () => {
  const [first, second, third] = sampleClass.meetings;
  const after = {
    location: 'Box Canyon',
    meetings: [{ ...first!, start: '10:00' }, third!, { date: '2027-03-07', start: '09:00', end: '13:00' }],
  };
  const before = { location: sampleClass.location, meetings: [first!, second!, third!] };
  const changes = classChangesEs(before, after, 'America/Denver');
  expect(changes).toEqual([
    'El lugar ahora es Box Canyon (antes era Ouray Ice Park, lower bridge).',
    'dom, 3 ene 2027, 10:00–13:00 (hora de Denver) (antes era de 9:00–13:00).',
    'No hay sesión el dom, 10 ene 2027, 9:00–13:00 (hora de Denver).',
    'Sesión nueva: dom, 7 mar 2027, 9:00–13:00 (hora de Denver).',
  ]);
  const mail = es(spanishClassNotice('classChanged', { cls: sampleClass, children, changes }, sampleSite));
  expect(mail.subject).toBe('Cambios en Ice Climbing');
  expect(mail.text).toContain('después de su inscripción. Esto es lo que cambió:');
  expect(mail.text).toContain('- No hay sesión el dom, 10 ene 2027, 9:00–13:00 (hora de Denver).');
});
