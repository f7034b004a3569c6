// The one check of a family's answers, as the server and the enroll dialog both run it (checkAnswers), and
// the questions as an administrator saves them (questionInput).
import { checkAnswers, questionInput, type Question } from '../../lambdas/contract/records';

const questions: Question[] = [
  { id: 'qLevel', label: 'Skill level', kind: 'choice', required: true, options: ['New', 'Skilled'] },
  { id: 'qLunch', label: 'Lunch?', kind: 'yesNo', required: false },
  { id: 'qBoots', label: 'Boot size', kind: 'number', required: false, min: 20 },
  { id: 'qAge', label: 'Years skiing', kind: 'number', required: false, max: 15 },
  { id: 'qNotes', label: 'Notes', kind: 'text', required: false, maxLength: 5 },
];

test('given valid answers, then they are kept in the order of the questions with their words, trimmed, blank text left out', () => {
  expect(
    checkAnswers(questions, [
      { questionId: 'qNotes', value: '   ' },
      { questionId: 'qBoots', value: 20 },
      { questionId: 'qLevel', value: 'New' },
      { questionId: 'qLunch', value: false },
    ]),
  ).toEqual({
    answers: [
      { questionId: 'qLevel', label: 'Skill level', value: 'New' },
      { questionId: 'qLunch', label: 'Lunch?', value: false },
      { questionId: 'qBoots', label: 'Boot size', value: 20 },
    ],
    problems: {},
    broken: {},
  });
});

test('given answers of the wrong kind or out of range, then each problem names its question', () => {
  expect(
    checkAnswers(questions, [
      { questionId: 'qLunch', value: 'yes' },
      { questionId: 'qBoots', value: 19.5 },
      { questionId: 'qAge', value: '3' },
      { questionId: 'qNotes', value: 'a\tb' },
      { questionId: 'qOther', value: true },
    ]).problems,
  ).toEqual({
    qLevel: '"Skill level" needs an answer',
    qLunch: '"Lunch?" must be yes or no',
    qBoots: '"Boot size" must be at least 20',
    qAge: '"Years skiing" must be a number',
    qNotes: '"Notes" must not contain line breaks or control characters',
    qOther: 'This question is not asked for this enrollment',
  });
  expect(checkAnswers(questions, [{ questionId: 'qAge', value: 16 }]).problems.qAge).toBe(
    '"Years skiing" must be at most 15',
  );
  // The rules broken, for a screen to say in its reader's words.
  expect(checkAnswers(questions, [{ questionId: 'qAge', value: 16 }]).broken).toEqual({
    qLevel: { rule: 'required' },
    qAge: { rule: 'atMost', max: 15 },
  });
  expect(checkAnswers(questions, [{ questionId: 'qNotes', value: 'longer' }]).problems.qNotes).toBe(
    '"Notes" must be at most 5 characters',
  );
});

test('given a question as an administrator saves it, then its kind decides what it needs, and a text question gets a longest answer of 200', () => {
  expect(questionInput.parse({ kind: 'text', label: 'Notes' })).toEqual({
    kind: 'text',
    label: 'Notes',
    required: false,
    maxLength: 200,
  });
  expect(questionInput.safeParse({ kind: 'yesNo', label: 'Lunch?', options: ['a', 'b'] }).success).toBe(false);
  expect(questionInput.safeParse({ kind: 'number', label: 'Size', min: Number.POSITIVE_INFINITY }).success).toBe(false);
  expect(questionInput.safeParse({ kind: 'choice', label: 'Level', options: ['One'] }).success).toBe(false);
});
