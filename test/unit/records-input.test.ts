// Typed text as the schemas shared by the handlers and the web app take it: one-line fields refuse line
// breaks and control characters, "required" sees through invisible characters, multi-line fields keep
// their lines, a birth date is plausible, and configuration links and the contact are what their names say.
import {
  checkAnswers,
  classGroupInput,
  classInput,
  configValues,
  emergencyContact,
  givenSpanish,
  meetingCancellation,
  policyInput,
  questionInput,
  semesterInput,
  studentInput,
  tshirtSize,
} from '../../lambdas/contract/records';

const student = {
  firstName: 'Eve',
  lastName: 'Tester',
  birthDate: '2014-03-15',
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100' }],
};
const cls = { semesterId: 'winter', name: 'Nordic Skiing', capacity: 10 };

/** The first message for the field, or undefined when the input is taken. */
function problem(
  schema: {
    safeParse: (input: unknown) => {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  input: unknown,
  field: string,
): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const breaking = [
  'Eve\r\nBcc: victim@example.com',
  'Eve\rBcc',
  'Eve\nBcc',
  'Eve\tTab',
  'Eve\u0000',
  'Eve\u0007',
  'Eve\u007f',
  'Eve\u0085',
  'Eve\u009b',
  'Eve\u2028Bcc',
  'Eve\u202eevil',
  'Eve\u202a',
  'Eve\u2066',
  'Eve\u2069',
];

describe('one-line fields', () => {
  test.each(breaking)('refuse %j with a clear message', (text) => {
    const message = 'must not contain line breaks or control characters';
    expect(problem(studentInput, { ...student, firstName: text }, 'firstName')).toBe(message);
    expect(problem(studentInput, { ...student, lastName: text }, 'lastName')).toBe(message);
    expect(problem(studentInput, { ...student, school: text }, 'school')).toBe(message);
    expect(problem(studentInput, { ...student, tshirtSize: 'Y\nM' }, 'tshirtSize')).toBe(message);
    expect(problem(emergencyContact, { name: text, phone: '+1 555 010 0100', relationship: 'mother' }, 'name')).toBe(
      message,
    );
    expect(
      problem(emergencyContact, { name: 'Pat', phone: '+1 555 010 0100', relationship: text }, 'relationship'),
    ).toBe(message);
    for (const field of ['name', 'location', 'instructor'])
      expect(problem(classInput, { ...cls, [field]: text }, field)).toBe(message);
    expect(problem(semesterInput, { name: text, startDate: '2027-01-01', endDate: '2027-03-01' }, 'name')).toBe(
      message,
    );
    expect(problem(tshirtSize, { code: 'YM', label: text }, 'label')).toBe(message);
  });

  test('a phone number is one line', () => {
    expect(problem(emergencyContact, { name: 'Pat', phone: '+1 555\n010 0100' }, 'phone')).toBe(
      'must be a phone number',
    );
  });

  test('surrounding white space is trimmed, names in any script are taken', () => {
    expect(studentInput.parse({ ...student, firstName: '  Zoë-Åsa \r\n', lastName: 'Łukasz 王 محمد' })).toMatchObject({
      firstName: 'Zoë-Åsa',
      lastName: 'Łukasz 王 محمد',
    });
  });

  test.each(['\u200b', '\ufeff', '\u200c\u200d', ' \u200b\u00a0', '\u2060'])(
    '"required" refuses %j, which shows nothing',
    (text) => {
      expect(problem(studentInput, { ...student, firstName: text }, 'firstName')).toBe('is required');
      expect(problem(classInput, { ...cls, name: text }, 'name')).toBe('is required');
      expect(problem(tshirtSize, { code: text, label: 'Youth M' }, 'code')).toBe('is required');
    },
  );
});

describe('multi-line fields', () => {
  test('keep LF and CR LF line breaks', () => {
    const text = 'Skis and poles\nWarm gloves\r\nA snack';
    expect(classInput.parse({ ...cls, description: text, whatToBring: text })).toMatchObject({
      description: text,
      whatToBring: text,
    });
    expect(studentInput.parse({ ...student, medicalNotes: text, allergies: text, medications: text })).toMatchObject({
      medicalNotes: text,
    });
  });

  test.each(['a\rb', 'a\u0000b', 'a\tb', 'a\u0085b', 'a\u202eb', 'a\u2067b'])('refuse %j', (text) => {
    for (const field of ['description', 'whatToBring'])
      expect(problem(classInput, { ...cls, [field]: text }, field)).toBe('must not contain control characters');
    for (const field of ['allergies', 'medications', 'medicalNotes'])
      expect(problem(studentInput, { ...student, [field]: text }, field)).toBe('must not contain control characters');
  });
});

describe('birth dates', () => {
  test.each([
    ['0000-01-01', 'must be 1900-01-01 or later'],
    ['1899-12-31', 'must be 1900-01-01 or later'],
    ['2015-02-29', 'is not a real date'],
  ])('%s is refused', (birthDate, message) => {
    expect(problem(studentInput, { ...student, birthDate }, 'birthDate')).toBe(message);
  });

  test('1900-01-01 and a leap day are taken', () => {
    expect(studentInput.safeParse({ ...student, birthDate: '1900-01-01' }).success).toBe(true);
    expect(studentInput.safeParse({ ...student, birthDate: '2016-02-29' }).success).toBe(true);
  });
});

describe('configuration values', () => {
  test.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'JaVaScRiPt:alert(1)',
    'ftp://example.org',
    'example.org',
    'https://exa\nmple.org',
    '',
  ])('a link refuses %j', (url) => {
    for (const key of ['privacyPolicyUrl', 'studentUnitsUrl', 'newsletterUrl'])
      expect(problem(configValues, { [key]: url }, key)).toBe('must be a web address starting with https://');
  });

  test('a link that is not text is refused too', () => {
    expect(problem(configValues, { privacyPolicyUrl: 1 }, 'privacyPolicyUrl')).toBe(
      'must be a web address starting with https://',
    );
  });

  test('http and https links, and other values, are taken', () => {
    const values = {
      privacyPolicyUrl: 'https://example.org/privacy',
      studentUnitsUrl: 'http://units.example.org/?a=1',
      contactEmail: 'office@example.org',
      announcement: 'Line one\nLine two',
      seats: 3,
      constructor: 'x',
      toString: true,
    };
    expect(configValues.parse(values)).toEqual(values);
  });

  test.each(['office', 'office@example', 'javascript:alert(1)', 'a b@example.org'])(
    'the contact e-mail refuses %j',
    (email) => {
      expect(problem(configValues, { contactEmail: email }, 'contactEmail')).toBe('must be an e-mail address');
    },
  );

  test.each([0, -1, 2.5, '3', true])("a family's enrollment cap refuses %j", (cap) => {
    for (const key of ['maxChildrenPerClass', 'maxEnrollmentsPerSemester'])
      expect(problem(configValues, { [key]: cap }, key)).toBe('must be a whole number of at least 1');
  });

  test("a family's enrollment caps take whole numbers from 1", () => {
    expect(configValues.parse({ maxChildrenPerClass: 1, maxEnrollmentsPerSemester: 12 })).toEqual({
      maxChildrenPerClass: 1,
      maxEnrollmentsPerSemester: 12,
    });
  });

  test('text values refuse control characters', () => {
    expect(problem(configValues, { announcement: 'Snow\u0000day' }, 'announcement')).toBeDefined();
    expect(configValues.safeParse({ privacyPolicyUrl: 'https://example.org/\u202eexe.txt' }).success).toBe(false);
  });
});

describe('the Spanish of what administrators write for families', () => {
  const policy = { title: 'Liability waiver', text: 'Skiing has risks.', required: true };
  const group = { semesterId: 'winter', name: 'Nordic days', classIds: ['a', 'b'] };
  const choice = { label: 'Skill level', kind: 'choice', options: ['New', 'Some', 'Strong'] };

  test('is optional everywhere: records without it are taken as before', () => {
    expect(classInput.safeParse(cls).success).toBe(true);
    expect(classGroupInput.safeParse(group).success).toBe(true);
    expect(policyInput.safeParse(policy).success).toBe(true);
    expect(questionInput.safeParse(choice).success).toBe(true);
    expect(meetingCancellation.safeParse({ classId: 'c', date: '2027-01-10', start: '09:00' }).success).toBe(true);
  });

  test('each text is taken, trimmed, with its line breaks where the English keeps them', () => {
    const parsed = classInput.parse({
      ...cls,
      es: { description: ' Esquí nórdico.\nPara todos. ', whatToBring: 'Esquís\r\nAgua' },
    });
    expect(parsed.es).toEqual({ description: 'Esquí nórdico.\nPara todos.', whatToBring: 'Esquís\r\nAgua' });
    expect(policyInput.parse({ ...policy, es: { title: 'Exención', text: 'Riesgos.\nAcepte.' } }).es).toEqual({
      title: 'Exención',
      text: 'Riesgos.\nAcepte.',
    });
    expect(classGroupInput.parse({ ...group, es: { description: 'Dos clases' } }).es).toEqual({
      description: 'Dos clases',
    });
  });

  test("has the English fields' limits", () => {
    expect(problem(classInput, { ...cls, es: { description: 'x'.repeat(4001) } }, 'es.description')).toBe(
      'must be at most 4000 characters',
    );
    expect(problem(classInput, { ...cls, es: { description: 'x'.repeat(4000) } }, 'es.description')).toBeUndefined();
    expect(problem(classInput, { ...cls, es: { whatToBring: 'x'.repeat(1001) } }, 'es.whatToBring')).toBe(
      'must be at most 1000 characters',
    );
    expect(problem(classGroupInput, { ...group, es: { description: 'x'.repeat(4001) } }, 'es.description')).toBe(
      'must be at most 4000 characters',
    );
    expect(problem(policyInput, { ...policy, es: { title: 'x'.repeat(121) } }, 'es.title')).toBe(
      'must be at most 120 characters',
    );
    expect(problem(policyInput, { ...policy, es: { title: 'Exención\nde responsabilidad' } }, 'es.title')).toBe(
      'must not contain line breaks or control characters',
    );
    expect(problem(policyInput, { ...policy, es: { text: 'x'.repeat(20001) } }, 'es.text')).toBe(
      'must be at most 20000 characters',
    );
    expect(problem(policyInput, { ...policy, es: { text: 'a\u0000b' } }, 'es.text')).toBe(
      'must not contain control characters',
    );
    expect(problem(questionInput, { ...choice, es: { label: 'x'.repeat(201) } }, 'es.label')).toBe(
      'must be at most 200 characters',
    );
    expect(problem(questionInput, { label: 'Age', kind: 'number', es: { label: 'Edad\naños' } }, 'es.label')).toBe(
      'must not contain line breaks or control characters',
    );
    expect(
      problem(
        meetingCancellation,
        { classId: 'c', date: '2027-01-10', start: '09:00', es: { note: 'x'.repeat(301) } },
        'es.note',
      ),
    ).toBe('must be at most 300 characters');
  });

  test('an unknown Spanish field is refused, like any unknown field', () => {
    expect(problem(classInput, { ...cls, es: { name: 'Esquí' } }, 'es')).toMatch(/name/);
    expect(problem(policyInput, { ...policy, es: 'Exención' }, 'es')).toBeDefined();
  });

  test("a choice's Spanish options are one per option, each one line of at most 100 (an empty one: in English)", () => {
    const es = { label: 'Nivel', options: ['Nuevo', '', 'Avanzado'] };
    expect(questionInput.parse({ ...choice, es }).es).toEqual(es);
    expect(problem(questionInput, { ...choice, es: { options: ['Nuevo', 'Algo'] } }, 'es.options')).toBe(
      'must list one Spanish option for each option (an empty one for an option left in English)',
    );
    expect(problem(questionInput, { ...choice, es: { options: ['x'.repeat(101), '', ''] } }, 'es.options.0')).toBe(
      'must be at most 100 characters',
    );
    expect(problem(questionInput, { ...choice, es: { options: ['a\nb', '', ''] } }, 'es.options.0')).toBe(
      'must not contain line breaks or control characters',
    );
    // Only a choice has options.
    expect(problem(questionInput, { label: 'Age', kind: 'number', es: { options: ['a'] } }, 'es')).toMatch(/options/);
  });

  test('givenSpanish leaves out what is empty, and is nothing when nothing is given', () => {
    expect(givenSpanish({ title: 'Exención', text: '  ' })).toEqual({ title: 'Exención' });
    expect(givenSpanish({ title: '', text: undefined })).toBeUndefined();
    expect(givenSpanish(undefined)).toBeUndefined();
    expect(givenSpanish({ label: '', options: ['', ''] })).toBeUndefined();
    expect(givenSpanish({ label: '', options: ['', 'Algo'] })).toEqual({ options: ['', 'Algo'] });
  });

  test("an answer keeps the question's Spanish label with the English one, when it has one", () => {
    const asked = [
      { ...questionInput.parse({ ...choice, es: { label: 'Nivel' } }), id: 'qLevel' },
      { ...questionInput.parse({ label: 'Age', kind: 'number' }), id: 'qAge' },
    ];
    expect(
      checkAnswers(asked, [
        { questionId: 'qLevel', value: 'Some' },
        { questionId: 'qAge', value: 9 },
      ]).answers,
    ).toEqual([
      { questionId: 'qLevel', label: 'Skill level', value: 'Some', es: { label: 'Nivel' } },
      { questionId: 'qAge', label: 'Age', value: 9 },
    ]);
  });
});
