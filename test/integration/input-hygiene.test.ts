// Typed text that could forge an e-mail header, break a calendar line or hide what it says is refused by
// the functions themselves with a message naming the field, and nothing changes; configuration links
// are web addresses whatever the caller sends.
import type { Class, Student } from '../../lambdas/contract/records';
import { addStudent, adminSession, classNow, newClass, openSemester, studentInput } from '../support/fixtures';
import { call, data, portalUrl, signUpFamily } from '../support/portal';

const oneLine = 'must not contain line breaks or control characters';

describe("a family's student", () => {
  test.each([
    ['a name with CR LF and a header', { firstName: 'Eve\r\nBcc: victim@example.com' }, `firstName: ${oneLine}`],
    ['a name with a direction override', { lastName: 'Tester\u202egpj.exe' }, `lastName: ${oneLine}`],
    ['a name of a zero-width space', { firstName: '\u200b' }, 'firstName: is required'],
    ['a name of a byte order mark', { lastName: '\ufeff' }, 'lastName: is required'],
    [
      "a contact's relationship with a line break",
      { emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100', relationship: 'mother\nBcc: x' }] },
      `emergencyContacts[0].relationship: ${oneLine}`,
    ],
    [
      'notes with a lone CR',
      { medicalNotes: 'Asthma\rafter climbs' },
      'medicalNotes: must not contain control characters',
    ],
    ['a birth date in the year 0', { birthDate: '0000-01-01' }, 'birthDate: must be 1900-01-01 or later'],
  ])(
    'given %s, then saving is 400 naming the field, and neither a new nor a changed student is saved',
    async (_case, change, message) => {
      const family = await signUpFamily('hygiene');
      const saved = await addStudent(family);
      for (const payload of [
        { ...studentInput(), ...change },
        { ...studentInput(), ...change, id: saved.id },
      ]) {
        const answer = await call('saveStudent', payload, family.accessToken);
        expect([answer.status, answer.body.error?.code, answer.body.error?.message]).toEqual([
          400,
          'invalid-argument',
          message,
        ]);
      }
      expect(await data<{ students: Student[] }>('students', {}, family.accessToken)).toEqual({ students: [saved] });
    },
  );

  test('multi-line notes keep their line breaks', async () => {
    const family = await signUpFamily('hygiene');
    expect((await addStudent(family, { medicalNotes: 'Asthma\r\nafter climbs\nInhaler' })).medicalNotes).toBe(
      'Asthma\r\nafter climbs\nInhaler',
    );
  });
});

describe('a class', () => {
  test.each([
    ['an instructor with a lone CR', { instructor: 'Ana\rEND:VEVENT' }, `instructor: ${oneLine}`],
    ['a place with CR LF', { location: 'Lodge\r\nATTENDEE:mailto:x@example.com' }, `location: ${oneLine}`],
    ['a name with an isolate', { name: 'Nordic\u2066 Skiing' }, `name: ${oneLine}`],
    ['what to bring with a NUL', { whatToBring: 'Gloves\u0000' }, 'whatToBring: must not contain control characters'],
  ])(
    'given %s, then saving is 400 naming the field, the class and its calendar stay as they were',
    async (_case, change, message) => {
      const admin = await adminSession();
      const semester = await openSemester();
      const cls = await newClass(semester.id);
      const feedBefore = await (await fetch(`${portalUrl()}/api/calendar.ics?classId=${cls.id}`)).text();
      const { id, semesterId, name, description, location, instructor, meetings, capacity, status, whatToBring } = cls;
      const answer = await call(
        'saveClass',
        { id, semesterId, name, description, location, instructor, meetings, capacity, status, whatToBring, ...change },
        admin.accessToken,
      );
      expect([answer.status, answer.body.error?.code, answer.body.error?.message]).toEqual([
        400,
        'invalid-argument',
        message,
      ]);
      expect(await classNow(cls.id)).toEqual<Class>(cls);
      const feedAfter = await (await fetch(`${portalUrl()}/api/calendar.ics?classId=${cls.id}`)).text();
      expect(feedAfter.replace(/DTSTAMP:\S+/g, '')).toBe(feedBefore.replace(/DTSTAMP:\S+/g, ''));
      expect(
        feedAfter
          .slice(0, -2)
          .split('\r\n')
          .filter((line) => /[\r\n]/.test(line)),
      ).toEqual([]);
    },
  );
});

describe('the remote configuration', () => {
  test.each([
    [
      { privacyPolicyUrl: 'javascript:alert(document.cookie)' },
      'values.privacyPolicyUrl: must be a web address starting with https://',
    ],
    [
      { studentUnitsUrl: 'data:text/html,<script>alert(1)</script>' },
      'values.studentUnitsUrl: must be a web address starting with https://',
    ],
    [{ newsletterUrl: 'vbscript:msgbox' }, 'values.newsletterUrl: must be a web address starting with https://'],
    [{ contactEmail: 'javascript:alert(1)' }, 'values.contactEmail: must be an e-mail address'],
  ])('given %j, then saving is 400 naming the value and the configuration stays as it was', async (values, message) => {
    const admin = await adminSession();
    const before = await data<{ values: Record<string, unknown> }>('config');
    const answer = await call('saveConfig', { values: { ...before.values, ...values } }, admin.accessToken);
    expect([answer.status, answer.body.error?.code, answer.body.error?.message]).toEqual([
      400,
      'invalid-argument',
      message,
    ]);
    expect(await data('config')).toEqual(before);
  });
});
