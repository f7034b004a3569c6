import { questionsOf } from '../questions';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** A semester's or a class's own questions, for the administrators' edit pages. */
export async function questions(input: ParsedInput<'questions'>) {
  return questionsOf(input.classId ? { classId: input.classId } : { semesterId: input.semesterId! });
}

export const handler = portalHandler('questions', questions);
