// Adding or changing one question of a semester or a class: its words, its kind (and what the kind needs:
// a longest answer, the options, the lowest and highest number), and whether families must answer it.
// Saving saves the whole list, the question in its place.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { questionInput, type Question, type QuestionInput, type QuestionKind } from '@contract/records';
import { schemaProblems, useSave, type FieldErrors, type FieldName } from '../../api/useSave';
import { SaveDialog } from '../SaveDialog';
import { KIND_LABELS, type QuestionScope } from './questionText';
import { inSpanish, spanishInput, SPANISH_HINT } from '../spanish';

interface QuestionDraft {
  label: string;
  kind: QuestionKind;
  required: boolean;
  forInstructors: boolean;
  maxLength: string;
  /** One option a line. */
  options: string;
  min: string;
  max: string;
  /** The question and its options in Spanish (optional), the options one a line in the same order. */
  esLabel: string;
  esOptions: string;
}

const draftOf = (question?: Question): QuestionDraft => ({
  label: question?.label ?? '',
  kind: question?.kind ?? 'choice',
  required: question?.required ?? false,
  forInstructors: question?.forInstructors ?? false,
  maxLength: String(question?.kind === 'text' ? question.maxLength : 200),
  options: question?.kind === 'choice' ? question.options.join('\n') : '',
  min: question?.kind === 'number' && question.min !== undefined ? String(question.min) : '',
  max: question?.kind === 'number' && question.max !== undefined ? String(question.max) : '',
  esLabel: question?.es?.label ?? '',
  esOptions: question?.kind === 'choice' ? (question.es?.options ?? []).join('\n') : '',
});

/** The Spanish options typed, one per option (an empty line: that option in English); none when none is given. */
function spanishOptions(draft: QuestionDraft, count: number): string[] | undefined {
  const lines = draft.esOptions.split('\n').map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return undefined;
  return lines.length < count ? [...lines, ...Array<string>(count - lines.length).fill('')] : lines;
}

/** A number field as typed: empty is none; anything else not a number is a problem of the form's own. */
const typedNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

function questionOf(draft: QuestionDraft, id: string | undefined): QuestionInput {
  const common = {
    ...(id && { id }),
    label: draft.label,
    ...spanishInput({ label: draft.esLabel }),
    required: draft.required,
    ...(draft.forInstructors && { forInstructors: true }),
  };
  switch (draft.kind) {
    case 'text':
      return { ...common, kind: 'text', maxLength: typedNumber(draft.maxLength) ?? Number.NaN };
    case 'choice': {
      const options = draft.options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean);
      const es = spanishInput({ label: draft.esLabel }).es;
      const esOptions = spanishOptions(draft, options.length);
      return {
        ...common,
        kind: 'choice',
        options,
        ...((es || esOptions) && { es: { ...es, ...(esOptions && { options: esOptions }) } }),
      };
    }
    case 'yesNo':
      return { ...common, kind: 'yesNo' };
    case 'number': {
      const [min, max] = [typedNumber(draft.min), typedNumber(draft.max)];
      return { ...common, kind: 'number', ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
  }
}

const NAMES: Record<string, FieldName> = {
  label: { the: 'the question' },
  maxLength: { the: 'the longest answer' },
  options: { the: 'the options', says: { 'must list at least two options': 'Enter at least two options, one a line' } },
  min: { the: 'the lowest number' },
  max: { the: 'the highest number' },
  'es.label': { the: 'the question in Spanish' },
  'es.options': { the: 'the options in Spanish' },
};

export function QuestionDialog({
  scope,
  questions,
  seen,
  editing,
  onSaved,
  onRefused,
  onClose,
}: {
  scope: QuestionScope;
  /** The list as read, and when it was saved (null: never). */
  questions: Question[];
  seen: string | null;
  /** A save was refused: the list is read again (another administrator may have changed it). */
  onRefused: () => void;
  /** The question changed; absent: a new one, added at the end. */
  editing?: Question;
  onSaved: (question: Question) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(editing));
  // Its place in the list as read now (read again after a refusal, it may hold another administrator's change).
  const place = editing ? questions.findIndex((question) => question.id === editing.id) : -1;
  const index = place >= 0 ? place : questions.length;
  const at = `questions[${index}]`;
  const { errors, message, saving, save, recheck, formRef } = useSave('saveQuestions', {
    shows: (field) => field.startsWith(`${at}.`) && !!NAMES[field.slice(at.length + 1)],
    names: (field) => NAMES[field.slice(at.length + 1)],
  });
  const error = (field: string) => errors[`${at}.${field}`];
  const payloadOf = (next: QuestionDraft) => {
    const question = questionOf(next, editing?.id);
    const list: QuestionInput[] = [...questions];
    list[index] = question;
    return {
      payload: { ...scope, questions: list, seen },
      own: schemaProblems(questionInput, question, at) as FieldErrors,
    };
  };
  const change = (next: Partial<QuestionDraft>) => {
    const changed = { ...draft, ...next };
    setDraft(changed);
    const { payload, own } = payloadOf(changed);
    recheck(payload, own);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { payload, own } = payloadOf(draft);
    const saved = await save(payload, own);
    if (saved) onSaved(saved.questions[index]!);
    else onRefused();
  };

  return (
    <SaveDialog
      title={editing ? 'Edit the question' : 'New question'}
      saveLabel={editing ? 'Save question' : 'Add question'}
      saving={saving}
      message={message}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      dirty={JSON.stringify(draft) !== JSON.stringify(draftOf(editing))}
      formRef={formRef}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Question"
          value={draft.label}
          onChange={(event) => change({ label: event.target.value })}
          error={!!error('label')}
          helperText={
            error('label') ?? 'As families read it, e.g. "Skill level" or "Does your child need rental skis?"'
          }
          required
          fullWidth
        />
        <TextField
          label={inSpanish('Question')}
          value={draft.esLabel}
          onChange={(event) => change({ esLabel: event.target.value })}
          error={!!error('es.label')}
          helperText={error('es.label') ?? SPANISH_HINT}
          fullWidth
        />
        <TextField
          select
          label="Kind of answer"
          value={draft.kind}
          onChange={(event) => change({ kind: event.target.value as QuestionKind })}
          slotProps={{ select: { native: true } }}
          fullWidth
        >
          {Object.entries(KIND_LABELS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </TextField>
        {draft.kind === 'text' && (
          <TextField
            label="Longest answer (characters)"
            value={draft.maxLength}
            onChange={(event) => change({ maxLength: event.target.value })}
            error={!!error('maxLength')}
            helperText={error('maxLength')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        )}
        {draft.kind === 'choice' && (
          <TextField
            label="Options, one a line"
            value={draft.options}
            onChange={(event) => change({ options: event.target.value })}
            error={!!error('options')}
            helperText={error('options') ?? 'Families choose one of them.'}
            multiline
            minRows={3}
            required
            fullWidth
          />
        )}
        {draft.kind === 'choice' && (
          <TextField
            label={inSpanish('Options, one a line')}
            value={draft.esOptions}
            onChange={(event) => change({ esOptions: event.target.value })}
            error={!!error('es.options')}
            helperText={
              error('es.options') ??
              'In the same order as the options. An empty line: families reading Spanish see that option in English, marked "in English"; the answer kept is the English option.'
            }
            multiline
            minRows={3}
            fullWidth
          />
        )}
        {draft.kind === 'number' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(
              [
                ['min', 'Lowest number'],
                ['max', 'Highest number'],
              ] as const
            ).map(([field, label]) => (
              <TextField
                key={field}
                label={label}
                value={draft[field]}
                onChange={(event) => change({ [field]: event.target.value })}
                error={!!error(field)}
                helperText={error(field) ?? 'Optional'}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            ))}
          </Stack>
        )}
        <FormControlLabel
          control={
            <Checkbox checked={draft.required} onChange={(event) => change({ required: event.target.checked })} />
          }
          label="Families must answer it"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.forInstructors}
              onChange={(event) => change({ forInstructors: event.target.checked })}
            />
          }
          label="The class's instructors see the answers"
        />
      </Stack>
    </SaveDialog>
  );
}
