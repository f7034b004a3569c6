// Questions per semester and per class: administrators ask them, families answer them when enrolling (the
// server checks every answer), the answers travel with the enrollment request and are written with its
// seat or waitlist place, show on the roster, the student sheets' source and the family's enrollments,
// and the family changes them until the class starts.
import type {
  Answer,
  AskedQuestion,
  Class,
  EnrollmentAnswer,
  NamedEnrollment,
  Question,
  QuestionInput,
  RosterEntry,
  SemesterEnrollment,
  Student,
} from '../../lambdas/contract/records';
import { adminSession, familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, signUpFamily, type SignedIn } from '../support/portal';

const admin = async () => (await adminSession()).accessToken;
const today = () => new Date().toISOString().slice(0, 10);

async function saveQuestions(scope: { semesterId: string } | { classId: string }, questions: QuestionInput[]) {
  return (await data<{ questions: Question[] }>('saveQuestions', { ...scope, questions }, await admin())).questions;
}

const roster = async (classId: string) =>
  data<{ class: Class; roster: RosterEntry[]; waitlist: RosterEntry[]; questions: AskedQuestion[] }>(
    'classRoster',
    { classId },
    await admin(),
  );

const myEnrollments = async (family: SignedIn) =>
  (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments;

const skill: QuestionInput = { kind: 'choice', label: 'Skill level', required: true, options: ['New', 'Skilled'] };
const lunch: QuestionInput = { kind: 'yesNo', label: 'Lunch every day?', required: true };
const rental: QuestionInput = { kind: 'number', label: 'Boot size', min: 20, max: 50 };
const notes: QuestionInput = { kind: 'text', label: 'Anything else?', maxLength: 10 };

/** A semester asking whether the child eats lunch, and a class asking the skill level, a boot size and notes. */
async function askingClass(overrides: Parameters<typeof newClass>[1] = {}) {
  const semester = await openSemester();
  const cls = await newClass(semester.id, overrides);
  const [semesterLunch] = (await saveQuestions({ semesterId: semester.id }, [lunch])) as [Question];
  const [classSkill, classBoots, classNotes] = (await saveQuestions({ classId: cls.id }, [skill, rental, notes])) as [
    Question,
    Question,
    Question,
  ];
  return { semester, cls, semesterLunch, classSkill, classBoots, classNotes };
}

describe('questions per semester and per class', () => {
  test('given an administrator, when questions are saved, then they read back in order with ids; a reorder and a removal are one save; a bad question is refused by its field', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const saved = await saveQuestions({ classId: cls.id }, [skill, lunch, rental]);
    expect(saved.map((question) => [question.label, question.kind, question.required])).toEqual([
      ['Skill level', 'choice', true],
      ['Lunch every day?', 'yesNo', true],
      ['Boot size', 'number', false],
    ]);
    expect(saved.every((question) => /^q[A-Za-z0-9]+$/.test(question.id))).toBe(true);
    expect(await data('questions', { classId: cls.id }, await admin())).toEqual({
      questions: saved,
      updatedAt: expect.any(String),
    });
    expect(await data('questions', { semesterId: semester.id }, await admin())).toEqual({ questions: [] });

    const [first, , third] = saved as [Question, Question, Question];
    const reordered = await saveQuestions({ classId: cls.id }, [third, { ...first, label: 'Skill' }]);
    expect(reordered).toEqual([third, { ...first, label: 'Skill' }]);

    const refusals: Array<[unknown, string]> = [
      [{ ...skill, options: ['Only one'] }, 'questions[0].options: must list at least two options'],
      [{ ...skill, options: ['Same', 'Same'] }, 'questions[0].options: must not list an option twice'],
      [{ ...rental, min: 10, max: 5 }, 'questions[0].max: must not be below the lowest number'],
      [{ ...lunch, label: '  ' }, 'questions[0].label: is required'],
      [{ ...lunch, kind: 'date' }, 'questions[0].kind'],
    ];
    for (const [question, message] of refusals) {
      const refused = await call('saveQuestions', { classId: cls.id, questions: [question] }, await admin());
      expect([refused.status, refused.body.error?.message]).toEqual([400, expect.stringContaining(message)]);
    }
    const twice = await call('saveQuestions', { classId: cls.id, questions: [third, third] }, await admin());
    expect(twice.body.error?.message).toBe('questions: must not list a question twice');
    expect((await data<{ questions: Question[] }>('questions', { classId: cls.id }, await admin())).questions).toEqual(
      reordered,
    );
    const nowhere = await call('saveQuestions', { classId: 'no-such-class', questions: [] }, await admin());
    expect([nowhere.status, nowhere.body.error?.message]).toEqual([404, 'There is no such class.']);
  });

  test('given two administrators changing the same questions, then a change made on a list changed since is refused and nothing is lost', async () => {
    const semester = await openSemester();
    const first = await data<{ questions: Question[]; updatedAt: string }>(
      'saveQuestions',
      { semesterId: semester.id, questions: [lunch], seen: null },
      await admin(),
    );
    // A page that read no questions yet: the list saved meanwhile is not overwritten.
    const unseen = await call(
      'saveQuestions',
      { semesterId: semester.id, questions: [skill], seen: null },
      await admin(),
    );
    expect([unseen.status, unseen.body.error?.message]).toEqual([
      409,
      'Another administrator changed these questions meanwhile. They are shown as they are now: make your change again.',
    ]);
    const second = await data<{ questions: Question[]; updatedAt: string }>(
      'saveQuestions',
      { semesterId: semester.id, questions: [...first.questions, skill], seen: first.updatedAt },
      await admin(),
    );
    // The first page, still showing one question, removes it: refused, both stay.
    const stale = await call(
      'saveQuestions',
      { semesterId: semester.id, questions: [], seen: first.updatedAt },
      await admin(),
    );
    expect(stale.status).toBe(409);
    expect(await data('questions', { semesterId: semester.id }, await admin())).toEqual(second);
    // Both at once on the same list: one is saved, the other refused.
    const racing = await Promise.all(
      [rental, notes].map(async (added) =>
        call(
          'saveQuestions',
          { semesterId: semester.id, questions: [...second.questions, added], seen: second.updatedAt },
          await admin(),
        ),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      (await data<{ questions: Question[] }>('questions', { semesterId: semester.id }, await admin())).questions,
    ).toHaveLength(3);
  });

  test('given a class and its semester asking questions, when a family enrolls, then each answer is checked on the server, a refusal names the question and records nothing, and the answers are kept with the enrollment', async () => {
    const { semester, cls, semesterLunch, classSkill, classBoots, classNotes } = await askingClass();
    const { family, students } = await familyWithStudents(1, 'answers');
    const [student] = students as [Student];
    const asked = await data<{ questions: AskedQuestion[] }>(
      'enrollmentQuestions',
      { classId: cls.id },
      family.accessToken,
    );
    expect(asked.questions.map((question) => [question.label, question.classId])).toEqual([
      ['Lunch every day?', undefined],
      ['Skill level', cls.id],
      ['Boot size', cls.id],
      ['Anything else?', cls.id],
    ]);

    const enroll = (answers: unknown) =>
      call<EnrollmentAnswer>('enroll', { studentId: student.id, classId: cls.id, answers }, family.accessToken);
    const refusals: Array<[unknown, string, string]> = [
      [[{ questionId: semesterLunch.id, value: true }], classSkill.id, '"Skill level" needs an answer'],
      [
        [
          { questionId: semesterLunch.id, value: true },
          { questionId: classSkill.id, value: 'Expert' },
        ],
        classSkill.id,
        '"Skill level" must be one of: New, Skilled',
      ],
      [
        [
          { questionId: semesterLunch.id, value: 'yes' },
          { questionId: classSkill.id, value: 'New' },
        ],
        semesterLunch.id,
        '"Lunch every day?" must be yes or no',
      ],
      [
        [
          { questionId: semesterLunch.id, value: false },
          { questionId: classSkill.id, value: 'New' },
          { questionId: classBoots.id, value: 51 },
        ],
        classBoots.id,
        '"Boot size" must be from 20 to 50',
      ],
      [
        [
          { questionId: semesterLunch.id, value: false },
          { questionId: classSkill.id, value: 'New' },
          { questionId: classNotes.id, value: 'Far too long' },
        ],
        classNotes.id,
        '"Anything else?" must be at most 10 characters',
      ],
      [
        [
          { questionId: semesterLunch.id, value: false },
          { questionId: classSkill.id, value: 'New' },
          { questionId: 'qNotAsked', value: 'Hello' },
        ],
        'qNotAsked',
        'This question is not asked for this enrollment',
      ],
    ];
    for (const [answers, questionId, problem] of refusals) {
      const refused = await enroll(answers);
      expect([refused.status, refused.body.error?.message]).toEqual([400, `answers.${questionId}: ${problem}`]);
      expect(refused.body.error?.details).toEqual({
        issues: expect.arrayContaining([{ field: `answers.${questionId}`, message: problem }]),
      });
    }
    // A required question left empty (blank text counts as no answer), and one answered twice: refused too.
    expect((await enroll([{ questionId: classSkill.id, value: '   ' }])).status).toBe(400);
    expect(
      (
        await enroll([
          { questionId: classSkill.id, value: 'New' },
          { questionId: classSkill.id, value: 'Skilled' },
        ])
      ).body.error?.message,
    ).toBe('answers: must not answer a question twice');
    expect(await myEnrollments(family)).toEqual([]);

    const enrolled = await enroll([
      { questionId: semesterLunch.id, value: true },
      { questionId: classSkill.id, value: 'Skilled' },
      { questionId: classBoots.id, value: 38.5 },
      { questionId: classNotes.id, value: '  ' },
    ]);
    expect(enrolled.body.data?.enrollments[0]?.status).toBe('enrolled');
    const expected: Answer[] = [
      { questionId: semesterLunch.id, label: 'Lunch every day?', value: true },
      { questionId: classSkill.id, label: 'Skill level', value: 'Skilled' },
      { questionId: classBoots.id, label: 'Boot size', value: 38.5 },
    ];
    const seen = await roster(cls.id);
    expect(seen.roster.map((entry) => entry.answers)).toEqual([expected]);
    expect(seen.questions.map((question) => question.id)).toEqual([
      semesterLunch.id,
      classSkill.id,
      classBoots.id,
      classNotes.id,
    ]);
    const sheets = await data<{ enrollments: SemesterEnrollment[] }>(
      'semesterEnrollments',
      { semesterId: semester.id },
      await admin(),
    );
    expect(sheets.enrollments.map((enrollment) => enrollment.answers)).toEqual([expected]);
    expect(await myEnrollments(family)).toEqual([
      expect.objectContaining({
        classId: cls.id,
        answers: expected,
        asksQuestions: true,
        startsOn: cls.meetings[0]!.date,
      }),
    ]);
  });

  test('given a full class, the answers are kept with the waitlist place and go with the student when a seat frees up', async () => {
    const { cls, semesterLunch, classSkill } = await askingClass({ capacity: 1 });
    const { family, students } = await familyWithStudents(2, 'waiting');
    const [first, second] = students as [Student, Student];
    const answersOf = (level: string) => [
      { questionId: semesterLunch.id, value: false },
      { questionId: classSkill.id, value: level },
    ];
    await data('enroll', { studentId: first.id, classId: cls.id, answers: answersOf('New') }, family.accessToken);
    const waiting = await data<EnrollmentAnswer>(
      'enroll',
      { studentId: second.id, classId: cls.id, answers: answersOf('Skilled') },
      family.accessToken,
    );
    expect(waiting.enrollments[0]?.status).toBe('waitlisted');
    expect((await roster(cls.id)).waitlist[0]?.answers?.[1]?.value).toBe('Skilled');

    await data('cancelEnrollment', { enrollmentId: `${cls.id}~${first.id}` }, family.accessToken);
    const after = await roster(cls.id);
    expect(after.roster.map((entry) => [entry.student.id, entry.answers?.[1]?.value])).toEqual([
      [second.id, 'Skilled'],
    ]);
  });

  test('given a class group, the family answers the semester’s and every class’s questions, and each class’s roster shows the semester’s and its own', async () => {
    const semester = await openSemester();
    const [morning, afternoon] = [await newClass(semester.id), await newClass(semester.id)];
    const group = await newGroup(semester.id, [morning.id, afternoon.id]);
    const [semesterLunch] = (await saveQuestions({ semesterId: semester.id }, [lunch])) as [Question];
    const [morningSkill] = (await saveQuestions({ classId: morning.id }, [skill])) as [Question];
    const [afternoonBoots] = (await saveQuestions({ classId: afternoon.id }, [{ ...rental, required: true }])) as [
      Question,
    ];
    const { family, students } = await familyWithStudents(1, 'group');
    const asked = await data<{ questions: AskedQuestion[] }>(
      'enrollmentQuestions',
      { groupId: group.id },
      family.accessToken,
    );
    expect(asked.questions.map((question) => question.id)).toEqual([
      semesterLunch.id,
      morningSkill.id,
      afternoonBoots.id,
    ]);
    const payload = { studentId: students[0]!.id, groupId: group.id };
    const missing = await call(
      'enroll',
      { ...payload, answers: [{ questionId: semesterLunch.id, value: true }] },
      family.accessToken,
    );
    expect(missing.body.error?.message).toBe(`answers.${morningSkill.id}: "Skill level" needs an answer`);
    expect(missing.body.error?.details).toEqual({
      issues: [
        { field: `answers.${morningSkill.id}`, message: '"Skill level" needs an answer' },
        { field: `answers.${afternoonBoots.id}`, message: '"Boot size" needs an answer' },
      ],
    });

    await data(
      'enroll',
      {
        ...payload,
        answers: [
          { questionId: semesterLunch.id, value: true },
          { questionId: morningSkill.id, value: 'New' },
          { questionId: afternoonBoots.id, value: 31 },
        ],
      },
      family.accessToken,
    );
    expect((await roster(morning.id)).roster[0]?.answers?.map((answer) => answer.label)).toEqual([
      'Lunch every day?',
      'Skill level',
    ]);
    expect((await roster(afternoon.id)).roster[0]?.answers?.map((answer) => answer.value)).toEqual([true, 31]);
  });

  test('given an enrollment, the family changes its answers until the class starts: checked as when enrolling, another family cannot, a cancelled enrollment and a class that started are refused', async () => {
    const { cls, semesterLunch, classSkill } = await askingClass();
    const { family, students } = await familyWithStudents(1, 'editing');
    const enrollmentId = `${cls.id}~${students[0]!.id}`;
    await data(
      'enroll',
      {
        studentId: students[0]!.id,
        classId: cls.id,
        answers: [
          { questionId: semesterLunch.id, value: true },
          { questionId: classSkill.id, value: 'New' },
        ],
      },
      family.accessToken,
    );
    const save = (answers: unknown, token = family.accessToken) =>
      call('saveAnswers', { enrollmentId, answers }, token);

    const refused = await save([{ questionId: semesterLunch.id, value: false }]);
    expect([refused.status, refused.body.error?.message]).toEqual([
      400,
      `answers.${classSkill.id}: "Skill level" needs an answer`,
    ]);
    const stranger = await signUpFamily('stranger');
    expect((await save([], stranger.accessToken)).status).toBe(404);
    expect((await roster(cls.id)).roster[0]?.answers?.map((answer) => answer.value)).toEqual([true, 'New']);

    const changed = await save([
      { questionId: semesterLunch.id, value: false },
      { questionId: classSkill.id, value: 'Skilled' },
    ]);
    expect(changed.body.data).toEqual({
      answers: [
        { questionId: semesterLunch.id, label: 'Lunch every day?', value: false },
        { questionId: classSkill.id, label: 'Skill level', value: 'Skilled' },
      ],
    });
    expect((await roster(cls.id)).roster[0]?.answers?.map((answer) => answer.value)).toEqual([false, 'Skilled']);

    // A question changed after the family answered: the answer keeps the words it was given under; a new
    // required question must be answered at the next change.
    const [reworded] = (await saveQuestions({ classId: cls.id }, [
      { ...classSkill, label: 'Level' },
      { kind: 'yesNo', label: 'Own skis?', required: true },
    ])) as [Question, Question];
    expect((await roster(cls.id)).roster[0]?.answers?.[1]?.label).toBe('Skill level');
    expect(
      (
        await save([
          { questionId: semesterLunch.id, value: false },
          { questionId: reworded.id, value: 'New' },
        ])
      ).body.error?.message,
    ).toMatch(/"Own skis\?" needs an answer$/);

    await data('cancelEnrollment', { enrollmentId }, family.accessToken);
    // A cancelled enrollment keeps no answers.
    expect((await myEnrollments(family)).find((enrollment) => enrollment.classId === cls.id)?.answers).toBeUndefined();
    const cancelled = await save([]);
    expect([cancelled.status, cancelled.body.error?.message]).toEqual([
      409,
      'This enrollment is cancelled: its answers can no longer be changed.',
    ]);

    const started = await newClass(cls.semesterId, {
      meetings: [{ date: today(), start: '09:00', end: '11:00' }],
    });
    await data(
      'enroll',
      { studentId: students[0]!.id, classId: started.id, answers: [{ questionId: semesterLunch.id, value: true }] },
      family.accessToken,
    );
    const tooLate = await call(
      'saveAnswers',
      { enrollmentId: `${started.id}~${students[0]!.id}`, answers: [{ questionId: semesterLunch.id, value: false }] },
      family.accessToken,
    );
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error?.message).toMatch(/started on .*: the answers given can no longer be changed here\./);
  });

  test('given a family changing its answers while an administrator promotes the child from the waitlist, then neither change undoes the other', async () => {
    const { cls, semesterLunch, classSkill } = await askingClass({ capacity: 0 });
    const { family, students } = await familyWithStudents(3, 'racing');
    for (const student of students) {
      await data(
        'enroll',
        {
          studentId: student.id,
          classId: cls.id,
          answers: [
            { questionId: semesterLunch.id, value: true },
            { questionId: classSkill.id, value: 'New' },
          ],
        },
        family.accessToken,
      );
    }
    const adminToken = await admin();
    const changedAnswers = [
      { questionId: semesterLunch.id, value: false },
      { questionId: classSkill.id, value: 'Skilled' },
    ];
    await Promise.all(
      students.flatMap((student) => {
        const enrollmentId = `${cls.id}~${student.id}`;
        return [
          data('promoteEnrollment', { enrollmentId, addSeat: true }, adminToken),
          data('saveAnswers', { enrollmentId, answers: changedAnswers }, family.accessToken),
        ];
      }),
    );
    const after = await roster(cls.id);
    expect(after.waitlist).toEqual([]);
    expect(after.roster.map((entry) => entry.answers?.map((answer) => answer.value))).toEqual([
      [false, 'Skilled'],
      [false, 'Skilled'],
      [false, 'Skilled'],
    ]);
  });

  test('given the same child enrolled twice at once with different answers, then one enrollment holds one request’s answers whole', async () => {
    const { cls, semesterLunch, classSkill } = await askingClass();
    const { family, students } = await familyWithStudents(1, 'twice');
    const answersOf = (lunchToo: boolean, level: string) => [
      { questionId: semesterLunch.id, value: lunchToo },
      { questionId: classSkill.id, value: level },
    ];
    await Promise.all([
      enrollAndWait(
        { studentId: students[0]!.id, classId: cls.id, answers: answersOf(true, 'New') },
        family.accessToken,
      ),
      enrollAndWait(
        { studentId: students[0]!.id, classId: cls.id, answers: answersOf(false, 'Skilled') },
        family.accessToken,
      ),
    ]);
    const { roster: entries } = await roster(cls.id);
    expect(entries).toHaveLength(1);
    expect([
      [true, 'New'],
      [false, 'Skilled'],
    ]).toContainEqual(entries[0]!.answers!.map((answer) => answer.value));
  });
});
