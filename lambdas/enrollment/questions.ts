// The questions administrators ask families when they enroll: one list per semester and one per class,
// `QUESTIONS#SEMESTER#id` or `QUESTIONS#CLASS#id` / `QUESTIONS`, saved whole (adding, reordering and
// removing are one write, and the order is the list's). A family enrolling in a class answers its
// semester's questions and the class's; in a group, the semester's and every class's of the group.
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  QUESTION_KINDS,
  checkAnswers,
  givenSpanish,
  type Answer,
  type AnswerInput,
  type AnswerValue,
  type AskedQuestion,
  type Class,
  type Question,
  type QuestionInput,
} from '../contract/records';
import { dynamo } from '../platform/dynamo';
import { invalidArgument } from '../contract/errors';
import { entity, optional, type StoredItem } from '../platform/entity';

/** Whose questions: a semester's or a class's. */
export type QuestionScope = { semesterId: string } | { classId: string };

const scopePartition = (scope: QuestionScope) =>
  'semesterId' in scope ? `QUESTIONS#SEMESTER#${scope.semesterId}` : `QUESTIONS#CLASS#${scope.classId}`;

function readQuestion(stored: StoredItem): Question {
  const common = {
    id: stored.string('id'),
    label: stored.string('label'),
    required: stored.boolean('required'),
    ...optional(
      'forInstructors',
      stored.item.forInstructors === undefined ? undefined : stored.boolean('forInstructors'),
    ),
  };
  const kind = stored.oneOf('kind', QUESTION_KINDS);
  const label = stored.spanish(['label']);
  if (kind !== 'choice') Object.assign(common, optional('es', label));
  switch (kind) {
    case 'text':
      return { ...common, kind, maxLength: stored.number('maxLength') };
    case 'choice': {
      const options = stored.strings('options');
      const spanishOptions = stored.item.es === undefined ? [] : stored.nested('es').strings('options');
      const es = givenSpanish({
        ...label,
        // One per option, in order (an empty one: that option in English).
        options: spanishOptions.length === options.length ? spanishOptions : undefined,
      });
      return { ...common, kind, options, ...optional('es', es) };
    }
    case 'yesNo':
      return { ...common, kind };
    case 'number':
      return {
        ...common,
        kind,
        ...optional('min', stored.optionalNumber('min')),
        ...optional('max', stored.optionalNumber('max')),
      };
  }
}

interface QuestionList {
  questions: Question[];
  updatedAt: string;
  /** The list's partition as read back (it names its scope). */
  partition?: string;
}

const questionsEntity = entity<QuestionList, { scope: QuestionScope }>({
  type: 'questions',
  key: { partition: ({ scope }) => scopePartition(scope), sort: 'QUESTIONS' },
  read: (item) => ({
    questions: item.list('questions', readQuestion),
    updatedAt: item.string('updatedAt'),
    partition: item.string('PK'),
  }),
  write: ({ questions, updatedAt }) => ({ questions, updatedAt }),
});

/** A semester's or a class's questions, in order, and when they were last saved (none: never). */
export async function questionsOf(scope: QuestionScope): Promise<{ questions: Question[]; updatedAt?: string }> {
  const list = await questionsEntity.get({ scope });
  return { questions: list?.questions ?? [], ...optional('updatedAt', list?.updatedAt) };
}

/**
 * Saves a scope's questions as listed: a question without id is new and gets one. `seen`: when the list the
 * change was made on was saved (null: none was), so a change made on a list somebody changed since is not
 * saved over it (undefined answered); absent: the list is saved whatever it is now.
 */
export async function saveQuestionList(
  scope: QuestionScope,
  listed: QuestionInput[],
  seen?: string | null,
): Promise<{ questions: Question[]; updatedAt: string } | undefined> {
  const questions = listed.map((question) => {
    const { es: given, ...english } = question;
    // Spanish left empty is none: the family reads the English.
    const es = givenSpanish(given);
    return {
      ...english,
      ...(es && { es }),
      id: question.id ?? `q${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    } as Question;
  });
  const updatedAt = new Date().toISOString();
  const asSeen =
    seen === undefined
      ? {}
      : seen === null
        ? { ifNew: true }
        : { condition: '#updatedAt = :seen', names: { '#updatedAt': 'updatedAt' }, values: { ':seen': seen } };
  const { ReturnValuesOnConditionCheckFailure: _onlyInTransactions, ...put } = questionsEntity.putItem(
    { scope, questions, updatedAt },
    asSeen,
  ).Put!;
  try {
    await dynamo.send(new PutCommand(put));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  return { questions, updatedAt };
}

/** Removes a class's questions (the class is deleted). */
export async function deleteClassQuestions(classId: string): Promise<void> {
  await questionsEntity.delete({ scope: { classId } });
}

/** The questions a family answers to enroll in `classes` (one class, or a group's): the semester's, then each class's. */
export async function questionsForClasses(
  classes: ReadonlyArray<Pick<Class, 'id' | 'semesterId'>>,
): Promise<AskedQuestion[]> {
  const scopes: QuestionScope[] = [
    { semesterId: classes[0]!.semesterId },
    ...classes.map((cls) => ({ classId: cls.id })),
  ];
  // A batch read answers in no particular order: each list is found by its partition.
  const lists = new Map(
    (await questionsEntity.getMany(scopes.map((scope) => ({ scope })))).map((list) => [list.partition, list.questions]),
  );
  return scopes.flatMap((scope) =>
    (lists.get(scopePartition(scope)) ?? []).map((question) => ({
      ...question,
      ...('classId' in scope && { classId: scope.classId }),
    })),
  );
}

/** Which of `classes` (of any semesters) ask questions, their semester's or their own: one batch read. */
export async function classesAsking(classes: ReadonlyArray<Pick<Class, 'id' | 'semesterId'>>): Promise<Set<string>> {
  if (classes.length === 0) return new Set();
  const scopes: QuestionScope[] = [
    ...[...new Set(classes.map((cls) => cls.semesterId))].map((semesterId) => ({ semesterId })),
    ...classes.map((cls) => ({ classId: cls.id })),
  ];
  const asking = new Set(
    (await questionsEntity.getMany(scopes.map((scope) => ({ scope }))))
      .filter((list) => list.questions.length > 0)
      .map((list) => list.partition),
  );
  return new Set(
    classes
      .filter(
        (cls) =>
          asking.has(scopePartition({ classId: cls.id })) || asking.has(scopePartition({ semesterId: cls.semesterId })),
      )
      .map((cls) => cls.id),
  );
}

/**
 * The answers to the questions asked, checked (see checkAnswers), or a 400 naming the first question at
 * fault (`answers.<id>: "Label" needs an answer`) with every one in its details. By class: each class's
 * enrollment keeps the answers to the semester's questions and to its own.
 */
export function answersByClass(
  classIds: readonly string[],
  questions: readonly AskedQuestion[],
  given: readonly AnswerInput[],
): Record<string, Answer[]> {
  const { answers, problems } = checkAnswers(questions, given);
  const issues = Object.entries(problems).map(([questionId, message]) => ({ field: `answers.${questionId}`, message }));
  if (issues.length) throw invalidArgument(`${issues[0]!.field}: ${issues[0]!.message}`, { issues });
  const scopeOf = new Map(questions.map((question) => [question.id, question.classId]));
  return Object.fromEntries(
    classIds.map((classId) => [
      classId,
      answers.filter((answer) => [undefined, classId].includes(scopeOf.get(answer.questionId))),
    ]),
  );
}

/** Answers as stored (with an enrollment, or with its request), read field by field. */
export function readAnswers(stored: StoredItem, field: string): Answer[] {
  return stored.list(field, (answer) => ({
    questionId: answer.string('questionId'),
    label: answer.string('label'),
    value: answerValue(answer),
    ...optional('es', answer.spanish(['label'])),
  }));
}

function answerValue(answer: StoredItem): AnswerValue {
  const value = answer.item.value;
  return typeof value === 'boolean' || typeof value === 'number' ? value : answer.string('value');
}

/** The day a class starts: its first meeting not cancelled, else its semester's first day. */
export function classStartsOn(cls: Pick<Class, 'meetings'>, semesterStart: string): string {
  const first = cls.meetings
    .filter((meeting) => !meeting.cancelled)
    .map((meeting) => meeting.date)
    .sort()[0];
  return first ?? semesterStart;
}
