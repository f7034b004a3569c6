// A refusal's message in the caller's language (issue 34): nothing the server can say escapes the Spanish table
// (a scan of lambdas/ with TypeScript's compiler API, test/support/errorMessages.ts), every entry carries the same
// placeholders as its English, and the matching carries a template's values into the Spanish, a phrase's words
// translated too, while English, an unknown language and an unknown message stay the English as written.
import { callerLanguage, messageIn, placeholdersOf } from '../../lambdas/platform/errorLanguage';
import { spanishErrors } from '../../lambdas/platform/locales/es-errors';
import { errorMapping } from '../../lambdas/platform/handler';
import { failedPrecondition, invalidArgument, notFound, portalBusy } from '../../lambdas/contract/errors';
import { covers, DYNAMIC, scanErrorMessages, type Found } from '../support/errorMessages';

const sorted = (list: string[]) => [...list].sort();

/** The entries whose translation is empty or has other placeholders than their English. */
const differing = (table: Record<string, string>) =>
  Object.entries(table).filter(
    ([english, spanish]) =>
      spanish.trim() === '' || sorted(placeholdersOf(english)).join() !== sorted(placeholdersOf(spanish)).join(),
  );

describe('the Spanish table holds every message the server can send', () => {
  let messages: Found[];
  let unresolved: string[];
  beforeAll(() => {
    ({ messages, unresolved } = scanErrorMessages());
  }, 120_000);

  test('the scan finds the messages of the error functions, their defaults, and the payload checks', () => {
    const shapes = new Set(messages.map((found) => found.shape));
    expect(shapes.size).toBeGreaterThan(250);
    for (const shape of [
      'Sign in to do this.', // unauthenticated()'s default
      'Only administrators may do this.', // permissionDenied()'s default
      'The portal is very busy right now and could not save this. Please try again in a moment.', // portalBusy
      '{} is closed to new enrollments.', // a template
      'A family can enroll at most {} child in one class.', // a condition's branches
      'A family can enroll at most {} children in one class.',
      '{} is for {phrase}, and {} is in grade {}.', // a function's words (gradeMessage), its range a phrase
      'grades {}–{}',
      'Registration for {} opens on {}.', // the registration gate's words (DYNAMIC)
      'must be a date written YYYY-MM-DD', // a zod check's
      '"{}" {phrase}', // an answer's problem
    ])
      expect(shapes).toContain(shape);
  });

  test('every message argument is followed, or named in DYNAMIC with where its words are made', () => {
    expect(unresolved).toEqual([]);
    expect(Object.keys(DYNAMIC).length).toBeLessThan(10);
  });

  test('every message has an entry in the Spanish table', () => {
    const keys = Object.keys(spanishErrors);
    const missing = messages.filter((found) => !keys.some((key) => covers(key, found.shape)));
    expect(sorted([...new Set(missing.map((found) => `${found.where}: ${found.shape}`))])).toEqual([]);
  });

  test("every entry's Spanish has the same placeholders as its English, and no entry is empty", () => {
    expect(differing(spanishErrors)).toEqual([]);
  });

  test('a placeholder names one part: the same name twice in a key would not say which value it carries', () => {
    const repeated = Object.keys(spanishErrors).filter(
      (english) => new Set(placeholdersOf(english)).size !== placeholdersOf(english).length,
    );
    expect(repeated).toEqual([]);
  });
});

test('the checks find a message without an entry, a value where a phrase is needed, and a translation whose placeholders differ', () => {
  expect(covers('{class} is closed to new enrollments.', '{} is closed to new enrollments.')).toBe(true);
  expect(covers('{class} is closed.', '{} is closed to new enrollments.')).toBe(false);
  expect(covers('There is no class.', 'There is no class {}.')).toBe(false);
  expect(covers('{class} is for {phrase:grades}.', '{} is for {}.')).toBe(true);
  expect(covers('{class} is for {grades}.', '{} is for {phrase}.')).toBe(false); // its words would stay English
  expect(
    differing({
      '{name} is here.': '{name} está aquí.',
      '{name} is late.': '{nombre} llega tarde.',
      '{name} left {class}.': '{name} se fue.',
      'Hello.': ' ',
    }).map(([english]) => english),
  ).toEqual(['{name} is late.', '{name} left {class}.', 'Hello.']);
});

describe('the matching', () => {
  test('a message without parts is found as it is', () => {
    expect(messageIn('es', 'There is no such class.')).toBe('Esa clase no existe.');
  });

  test("a template's values are carried into the Spanish, in the Spanish order", () => {
    expect(messageIn('es', 'Ice Climbing is closed to new enrollments.')).toBe(
      'Ice Climbing ya no acepta inscripciones nuevas.',
    );
    expect(messageIn('es', 'Ava Alpine, born Mar 4, 2016, is already one of your students.')).toBe(
      'Ava Alpine, nacido/a el 4 mar 2016, ya es uno de sus estudiantes.',
    );
    expect(messageIn('es', 'A family can enroll at most 3 children in one class.')).toBe(
      'Cada familia puede inscribir como máximo a 3 niños en una clase.',
    );
    expect(messageIn('es', 'A family can enroll at most 1 child in one class.')).toBe(
      'Cada familia puede inscribir como máximo a 1 niño o niña en una clase.',
    );
  });

  test('a moment and a date are written the Spanish way', () => {
    expect(messageIn('es', 'Registration for Winter 2027 opens on Sun, Jan 10, 2027, 9:00 AM MST.')).toBe(
      'Las inscripciones para Winter 2027 abren el dom, 10 ene 2027, 9:00 MST.',
    );
    expect(
      messageIn(
        'es',
        'Seats in Winter are given by a lottery draw: send your requests from Mon, Nov 2, 2026, 12:00 PM MST to ' +
          'Sat, Nov 7, 2026, 11:30 PM MST. The seats left after the draw open to everyone on Tue, Dec 1, 2026, 12:00 AM MST.',
      ),
    ).toBe(
      'Los lugares de Winter se asignan por sorteo: envíe sus solicitudes del lun, 2 nov 2026, 12:00 MST al ' +
        'sáb, 7 nov 2026, 23:30 MST. Los lugares que queden después del sorteo se abren para todos el mar, 1 dic 2026, 0:00 MST.',
    );
    // Not a date as the portal writes one: as it is.
    expect(messageIn('es', 'Registration for Winter opens on tomorrow.')).toBe(
      'Las inscripciones para Winter abren el tomorrow.',
    );
  });

  test("a phrase's words are translated too, however deep", () => {
    expect(messageIn('es', 'Ice Climbing is for grades 3–5, and Ava is in grade 2.')).toBe(
      'Ice Climbing es para los grados 3 a 5, y Ava está en el grado 2.',
    );
    expect(messageIn('es', 'choices[0]: Ice Climbing is for grade K, and Ava is in grade 2.')).toBe(
      'choices[0]: Ice Climbing es para kínder, y Ava está en el grado 2.',
    );
    expect(messageIn('es', 'Ice Climbing is for grades K–3, and Ava is in grade Pre-K.')).toBe(
      'Ice Climbing es para kínder hasta el grado 3, y Ava está en prekínder.',
    );
    expect(messageIn('es', 'answers.q1: "Skill level" needs an answer')).toBe(
      'answers.q1: «Skill level» necesita una respuesta',
    );
    expect(messageIn('es', 'capacity: must be 0 to 10000')).toBe('capacity: debe ser de 0 a 10000');
  });

  test('a more specific entry wins over a general one', () => {
    // "{field}: {phrase:problem}" would need the problem in the table; the lottery's own entry says it whole.
    expect(messageIn('es', 'choices[1]: Ice Climbing is closed to new enrollments')).toBe(
      'choices[1]: Ice Climbing ya no acepta inscripciones nuevas',
    );
    expect(messageIn('es', 'The student is already waitlisted in Ice Climbing.')).toBe(
      'El o la estudiante ya está en la lista de espera de Ice Climbing.',
    );
  });

  test('a message the table lacks, and one whose phrase it lacks, stay English as written', () => {
    expect(messageIn('es', 'A message nobody wrote down.')).toBe('A message nobody wrote down.');
    expect(messageIn('es', 'name: something zod never said')).toBe('name: something zod never said');
  });

  test('a message of what a caller sent, however long and however made, is answered at once', () => {
    const key = 'x is for y, and z is in grade w: '.repeat(8000);
    const started = Date.now();
    expect(messageIn('es', `${key}: is not a known field`)).toBe(`${key}: is not a known field`);
    const short = `${'a: '.repeat(400)}is not a known field`;
    expect(messageIn('es', short)).toBe(short); // a field's path never holds ": "; phrases nest 3 deep at most
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('English is the message as it is, byte for byte', () => {
    expect(messageIn('en', 'Ice Climbing is closed to new enrollments.')).toBe(
      'Ice Climbing is closed to new enrollments.',
    );
  });
});

describe("the caller's language", () => {
  test.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES-419', 'es'],
    ['en', 'en'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7', 'es'],
    ['fr-CA,fr;q=0.9,es;q=0.5', 'es'],
    ['fr-CA,de', 'en'],
    ['en;q=0.2,es', 'es'],
    ['es;q=0,en', 'en'],
    ['*', 'en'],
    ['nonsense;;,', 'en'],
  ])('Accept-Language %p is %p', (header, language) => {
    expect(callerLanguage(header)).toBe(language);
  });
});

describe("the error body in the caller's language", () => {
  type Request = Parameters<NonNullable<ReturnType<typeof errorMapping>['onError']>>[0];
  async function answer(error: Error, headers: Record<string, string> = {}) {
    const request = { event: { headers }, error, response: undefined } as unknown as Request;
    await errorMapping('test').onError!(request);
    return { status: request.response!.statusCode, body: JSON.parse(request.response!.body as string) };
  }

  test("in Spanish, the message and the details' problems: the code and the rest of the details are as they are", async () => {
    const details = { detailsToCheck: { studentId: 's1' } };
    expect(
      await answer(failedPrecondition('Ice Climbing is closed to new enrollments.', details), {
        'accept-language': 'es-MX',
      }),
    ).toEqual({
      status: 409,
      body: {
        error: { code: 'failed-precondition', message: 'Ice Climbing ya no acepta inscripciones nuevas.', details },
      },
    });
    const issues = [{ field: 'capacity', message: 'must be 0 to 10000' }];
    expect(
      await answer(invalidArgument('capacity: must be 0 to 10000', { issues }), { 'accept-language': 'es' }),
    ).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid-argument',
          message: 'capacity: debe ser de 0 a 10000',
          details: { issues: [{ field: 'capacity', message: 'debe ser de 0 a 10000' }] },
        },
      },
    });
    expect((await answer(invalidArgument('capacity: must be 0 to 10000', { issues }))).body.error.details).toEqual({
      issues,
    });
  });

  test('the busy and the internal answers too', async () => {
    expect((await answer(portalBusy('a test'), { 'accept-language': 'es' })).body.error.message).toBe(
      'El portal está muy ocupado en este momento y no pudo guardar esto. Inténtelo de nuevo en un momento.',
    );
    expect((await answer(new Error('a fault'), { 'accept-language': 'es' })).body.error).toEqual({
      code: 'internal',
      message: 'Algo salió mal de nuestro lado. Inténtelo de nuevo en un momento.',
    });
  });

  test('without the header, or in English, the English as written', async () => {
    const english = 'There is no such class.';
    expect((await answer(notFound(english))).body.error.message).toBe(english);
    expect((await answer(notFound(english), { 'accept-language': 'en-GB,es;q=0.1' })).body.error.message).toBe(english);
  });
});
