// The roster CSV's answers: a column per question by its words (classes asking the same words share one),
// an answer under its question's words now, or under the words it was given under once the question is gone;
// and its moments on the programme's clock.
import type { RosterEntry } from '../../lambdas/contract/records';
import { rostersCsv, type Roster } from '../../web/src/admin/report/roster';

const student = (firstName: string) => ({
  id: firstName,
  firstName,
  lastName: 'Tester',
  birthDate: '2015-01-01',
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100' }],
  pickupAdults: [],
});
const entry = (firstName: string, answers: RosterEntry['answers']): RosterEntry => ({
  enrollmentId: `c~${firstName}`,
  status: 'enrolled',
  createdAt: '2026-01-01T00:00:00.000Z',
  student: student(firstName),
  ...(answers && { answers }),
});
const roster = (name: string, questions: Roster['questions'], entries: RosterEntry[]): Roster => ({
  class: { name } as Roster['class'],
  roster: entries,
  waitlist: [],
  questions,
});

test('given two classes asking questions, then the CSV has a column per question and each answer sits under its words', () => {
  const csv = rostersCsv(
    [
      roster(
        'Powder',
        [
          { id: 'qLevel', label: 'Skill level', kind: 'choice', required: true, options: ['New', 'Skilled'] },
          { id: 'qLunch', label: 'Lunch', kind: 'yesNo', required: false },
        ],
        [
          entry('Ava', [
            { questionId: 'qLevel', label: 'Level (old words)', value: 'Skilled' },
            { questionId: 'qLunch', label: 'Lunch', value: true },
            { questionId: 'qGone', label: 'Rental skis', value: false },
          ]),
        ],
      ),
      roster(
        'Moguls',
        [{ id: 'qOther', label: 'Skill level', kind: 'text', required: false, maxLength: 20 }],
        [entry('Ben', [{ questionId: 'qOther', label: 'Skill level', value: 'Expert' }]), entry('Cy', undefined)],
      ),
    ],
    (code) => code,
    'America/Denver',
  );
  const [header, ava, ben, cy] = csv.split('\r\n');
  expect(header!.endsWith('"Skill level","Lunch","Rental skis"')).toBe(true);
  expect(ava!.endsWith('"Skilled","Yes","No"')).toBe(true);
  expect(ben!.endsWith('"Expert","",""')).toBe(true);
  expect(cy!.endsWith('"","",""')).toBe(true);
});

test("given a seat offered, then the CSV's status says until when on the programme's clock, its zone named", () => {
  const offered: RosterEntry = {
    ...entry('Dee', undefined),
    status: 'waitlisted',
    waitlistPosition: 1,
    offerExpiresAt: '2027-01-11T06:59:00.000Z',
  };
  const csv = rostersCsv([{ ...roster('Powder', [], []), waitlist: [offered] }], (code) => code, 'America/Denver');
  expect(csv.split('\r\n')[1]).toMatch(/^"Powder","Seat offered until Sun, Jan 10, 2027, 11:59 PM MST",/);
});
