// Typed text as the schemas shared by the handlers and the web app take it: one-line fields refuse line
// breaks and control characters, "required" sees through invisible characters, multi-line fields keep
// their lines, a birth date is plausible, and configuration links and the contact are what their names say.
import {
  classInput,
  configValues,
  emergencyContact,
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
