// The questions a family answers when enrolling (and changes later on the Enrollments page): a field for
// each, by its kind (text, a list to choose from, yes or no, a number), required ones marked, each with its
// own message. The answers are checked with the server's own rules (checkAnswers) before they are sent; a
// 400 from the server names the question, and its message goes under that question.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { checkAnswers, type Answer, type AnswerInput, type Question } from '@contract/records';
import { i18n, useI18n } from '../i18n/common';
import { useWrittenPlain, Written, writtenIn } from '../i18n/Written';
import type { Language } from '../i18n/languages';

/** What is typed or chosen, by question id: text as typed (a number too), yes/no as true or false. */
export type AnswerDraft = Record<string, string | boolean>;

export const draftOf = (answers: readonly Answer[] = []): AnswerDraft =>
  Object.fromEntries(
    answers.map(({ questionId, value }) => [questionId, typeof value === 'number' ? String(value) : value]),
  );

/** The answers to send: a number typed as a number is sent as one (anything else, as typed, is refused). */
function answersOf(questions: readonly Question[], draft: AnswerDraft): AnswerInput[] {
  return questions.flatMap((question): AnswerInput[] => {
    const value = draft[question.id];
    if (value === undefined || value === '') return [];
    const typed = typeof value === 'string' ? value.trim() : value;
    const number = question.kind === 'number' && typed !== '' ? Number(typed) : Number.NaN;
    return [{ questionId: question.id, value: Number.isFinite(number) ? number : typed }];
  });
}

/** The answers checked here as the server checks them: what to send, or the problems by question id. */
export function checkedAnswers(
  questions: readonly Question[],
  draft: AnswerDraft,
): { answers: AnswerInput[]; problems: Record<string, string> } {
  const answers = answersOf(questions, draft);
  const { problems, broken } = checkAnswers(questions, answers);
  // The server's rules, said in the reader's words; a problem without a rule (none here) as the server says it.
  const language = i18n.locale as Language;
  const written = (en: string, es: string | undefined) => writtenIn(language, en, es).text;
  const said = questions.flatMap((question) => {
    const rule = broken[question.id];
    if (!rule) return [];
    const options =
      question.kind === 'choice'
        ? question.options.map((option, index) => written(option, question.es?.options?.[index])).join(', ')
        : '';
    return [
      [
        question.id,
        i18n._('common.answers.problem', {
          min: 0,
          max: 0,
          ...rule,
          label: written(question.label, question.es?.label),
          options,
        }),
      ] as const,
    ];
  });
  return { answers, problems: { ...problems, ...Object.fromEntries(said) } };
}

/** A refusal's problems with answers (`answers.<id>` in its details), by question id. */
export function answerProblemsOf(details: unknown): Record<string, string> {
  const issues = (details as { issues?: Array<{ field?: unknown; message?: unknown }> } | undefined)?.issues ?? [];
  return Object.fromEntries(
    issues.flatMap(({ field, message }) =>
      typeof field === 'string' && field.startsWith('answers.') && typeof message === 'string'
        ? [[field.slice('answers.'.length), message]]
        : [],
    ),
  );
}

/** The first question with a problem, scrolled to and focused (once the messages are drawn). */
export function focusFirstAnswerProblem(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView({ block: 'center' });
    invalid?.focus({ preventScroll: true });
  });
}

const fieldId = (question: Question) => `answer-${question.id}`;

function numberHelp({ min, max }: Extract<Question, { kind: 'number' }>): string | undefined {
  if (min !== undefined && max !== undefined) return i18n._('common.answers.numberBetween', { min, max });
  if (min !== undefined) return i18n._('common.answers.numberMin', { min });
  return max === undefined ? undefined : i18n._('common.answers.numberMax', { max });
}

function AnswerField({
  question,
  value,
  problem,
  onChange,
}: {
  question: Question;
  value: string | boolean | undefined;
  problem?: string;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useI18n();
  const plain = useWrittenPlain();
  const id = fieldId(question);
  const label = <Written en={question.label} es={question.es?.label} />;
  if (question.kind === 'yesNo' || (question.kind === 'choice' && question.options.length <= 4)) {
    const options: Array<[string, ReactNode]> =
      question.kind === 'yesNo'
        ? [
            ['yes', t('common.answers.yes')],
            ['no', t('common.answers.no')],
          ]
        : question.options.map((option, index) => [
            option,
            <Written key={option} en={option} es={question.es?.options?.[index]} />,
          ]);
    const chosen = question.kind === 'yesNo' ? (value === undefined ? '' : value ? 'yes' : 'no') : (value ?? '');
    return (
      <FormControl required={question.required} error={!!problem}>
        <FormLabel id={`${id}-label`}>{label}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-label`}
          aria-describedby={problem ? `${id}-problem` : undefined}
          value={chosen}
          onChange={(event) => onChange(question.kind === 'yesNo' ? event.target.value === 'yes' : event.target.value)}
        >
          {options.map(([option, label], index) => (
            <FormControlLabel
              key={option}
              value={option}
              label={label}
              // The group's first radio carries the problem, so it is the one focused when the form is refused.
              control={<Radio slotProps={{ input: { 'aria-invalid': index === 0 && !!problem } }} />}
            />
          ))}
        </RadioGroup>
        {problem && <FormHelperText id={`${id}-problem`}>{problem}</FormHelperText>}
      </FormControl>
    );
  }
  const shared = {
    id,
    label,
    required: question.required,
    error: !!problem,
    fullWidth: true,
    value: typeof value === 'string' ? value : '',
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (question.kind === 'choice')
    return (
      <TextField {...shared} select slotProps={{ select: { native: true } }} helperText={problem}>
        <option value="">{t(question.required ? 'common.answers.chooseOne' : 'common.answers.noAnswer')}</option>
        {question.options.map((option, index) => {
          // The answer is always the English option; the family reads it in its language where given.
          const { text, lang } = plain(option, question.es?.options?.[index]);
          return (
            <option key={option} value={option} lang={lang}>
              {text}
            </option>
          );
        })}
      </TextField>
    );
  if (question.kind === 'number')
    return (
      <TextField
        {...shared}
        helperText={problem ?? numberHelp(question)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    );
  return (
    <TextField
      {...shared}
      helperText={problem ?? t('common.answers.maxLength', { max: question.maxLength })}
      slotProps={{ htmlInput: { maxLength: question.maxLength } }}
    />
  );
}

/**
 * The questions' fields, in order; `groups`: a heading over each class's questions (a group's dialog
 * names the class each belongs to).
 */
export function AnswerFields({
  questions,
  draft,
  problems,
  onChange,
  headingOf,
}: {
  questions: ReadonlyArray<Question & { classId?: string }>;
  draft: AnswerDraft;
  problems: Record<string, string>;
  onChange: (draft: AnswerDraft) => void;
  /** The heading over the questions of a class (none: no headings). */
  headingOf?: (classId: string | undefined) => string | undefined;
}) {
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {questions.map((question, index) => {
        const heading = headingOf?.(question.classId);
        const first = index === 0 || questions[index - 1]!.classId !== question.classId;
        return (
          <Stack key={question.id} spacing={1}>
            {heading && first && (
              <Typography variant="subtitle2" component="h3">
                {heading}
              </Typography>
            )}
            <AnswerField
              question={question}
              value={draft[question.id]}
              problem={problems[question.id]}
              onChange={(value) => onChange({ ...draft, [question.id]: value })}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
