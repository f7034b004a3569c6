// How the administrators' screens name questions and their kinds.
import type { Question, QuestionKind } from '@contract/records';

/** Whose questions: a semester's (asked for every class of it) or one class's. */
export type QuestionScope = { semesterId: string } | { classId: string };

export const KIND_LABELS: Record<QuestionKind, string> = {
  choice: 'Choice from a list',
  yesNo: 'Yes or no',
  text: 'Short text',
  number: 'Number',
};

/** "Choice from a list: New, Skilled · required". */
export function questionSummary(question: Question): string {
  const detail =
    question.kind === 'choice'
      ? `: ${question.options.join(', ')}`
      : question.kind === 'text'
        ? `, up to ${question.maxLength} characters`
        : question.kind === 'number' && (question.min !== undefined || question.max !== undefined)
          ? `, ${question.min ?? 'any'} to ${question.max ?? 'any'}`
          : '';
  return `${KIND_LABELS[question.kind]}${detail} · ${question.required ? 'required' : 'optional'}`;
}
