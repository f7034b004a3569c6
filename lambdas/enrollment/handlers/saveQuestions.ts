import { getClasses } from '../../catalogue/classes';
import { saveQuestionList } from '../questions';
import { getSemester } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import { failedPrecondition, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * Saves a semester's or a class's questions as listed: the list's order is the order families see.
 * Answers given before keep the question's words as they were when the family answered. A change made on a
 * list another administrator changed since (`seen`) is refused: it would remove or undo theirs unseen.
 */
export async function saveQuestions(input: ParsedInput<'saveQuestions'>) {
  if (input.classId) {
    if (!(await getClasses([input.classId], true)).length) throw notFound('There is no such class.');
  } else if (!(await getSemester(input.semesterId!))) throw notFound('There is no such semester.');
  const scope = input.classId ? { classId: input.classId } : { semesterId: input.semesterId! };
  const saved = await saveQuestionList(scope, input.questions, input.seen);
  if (!saved)
    throw failedPrecondition(
      'Another administrator changed these questions meanwhile. They are shown as they are now: make your change again.',
    );
  return saved;
}

export const handler = portalHandler('saveQuestions', saveQuestions);
