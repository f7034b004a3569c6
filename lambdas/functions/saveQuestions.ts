import { getClasses } from '../data/classes';
import { saveQuestionList } from '../data/questions';
import { getSemester } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/**
 * Saves a semester's or a class's questions as listed: the list's order is the order families see.
 * Answers given before keep the question's words as they were when the family answered.
 */
export async function saveQuestions(input: ParsedInput<'saveQuestions'>) {
  if (input.classId) {
    if (!(await getClasses([input.classId], true)).length) throw notFound('There is no such class.');
    return { questions: await saveQuestionList({ classId: input.classId }, input.questions) };
  }
  if (!(await getSemester(input.semesterId!))) throw notFound('There is no such semester.');
  return { questions: await saveQuestionList({ semesterId: input.semesterId! }, input.questions) };
}

export const handler = portalHandler('saveQuestions', saveQuestions);
