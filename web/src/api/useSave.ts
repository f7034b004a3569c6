// The one way a form saves through a function. The payload is checked first with the shared zod schema the
// server validates it with: the same messages, under the fields they name, and no call while one is shown.
// Then it is sent as a change (./changes). A 400 from the server names its field ("capacity: must be 0 to
// 10000"): its message goes under that field when the form shows it, and above the buttons otherwise, like
// any other failure. Under a field, a problem reads as a sentence that names the field ("Enter the child's first
// name"); when the form is sent with problems, the first one is scrolled to and focused (on a phone the
// first fields are out of sight by then).
import { useRef, useState } from 'react';
import type { FunctionInput, FunctionName, FunctionResult, manifest } from '@contract/manifest';
import { asApiError } from './client';
import { useChange } from './changes';

/** Messages by field, the field named as the server names it: `emergencyContacts[0].phone`. */
export type FieldErrors = Record<string, string>;

/** What a zod schema's safeParse answers, as far as the messages go. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

function fieldName(path: PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((inside, part) => (inside as Record<PropertyKey, unknown> | undefined)?.[part], value);
}

/**
 * The first problem the schema finds in each field of `value`, named under `at` (the payload's field that
 * holds it, if any). A field left empty that must be filled "is required", whatever rule it then fails.
 */
export function schemaProblems(schema: Schema, value: unknown, at?: string): FieldErrors {
  const problems: FieldErrors = {};
  for (const { path, message } of schema.safeParse(value).error?.issues ?? [])
    problems[fieldName(at ? [at, ...path] : path)] ??= valueAt(value, path) === '' ? 'is required' : message;
  return problems;
}

/** The server's 400 "field: problem" as the field and the problem. */
function fieldProblem(error: unknown): [field: string, problem: string] | undefined {
  const apiError = asApiError(error);
  const match = apiError.code === 'invalid-argument' ? /^([A-Za-z][\w.[\]]*): (.+)$/s.exec(apiError.message) : null;
  return match ? [match[1]!, match[2]!] : undefined;
}

/** How a form names one of its fields in a sentence. */
export interface FieldName {
  /** With its article, as in "Enter the child's first name": "the child's first name". */
  the: string;
  /** What a person does to fill it: type it (the default) or choose it. */
  verb?: 'Enter' | 'Choose';
  /** Its own sentence for a problem, where the schema's words do not fit what the field shows. */
  says?: Record<string, string>;
}

/** "is required" → "Enter the child's first name"; "must be a phone number" → "The contact's phone must be a phone number". */
export function fieldSentence(name: FieldName | undefined, problem: string): string {
  if (!name) return problem;
  if (name.says?.[problem]) return name.says[problem];
  if (problem === 'is required') return `${name.verb ?? 'Enter'} ${name.the}`;
  return `${name.the.charAt(0).toUpperCase()}${name.the.slice(1)} ${problem}`;
}

/** The form's first field with a problem, scrolled to the middle of the screen and focused. */
function focusFirstProblem(form: HTMLElement | null, messageShown: boolean): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid ?? (messageShown ? form?.querySelector<HTMLElement>('[data-save-message]') : null);
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

interface SaveOptions<N extends FunctionName> {
  /** The schema the manifest validates the payload with, when the records share it. */
  schema?: (typeof manifest)[N]['input'];
  /** Which fields the form shows: a message about another field is shown whole, above the buttons. */
  shows: (field: string) => boolean;
  /** How the form names each field it shows, for its messages' sentences. */
  names?: (field: string) => FieldName | undefined;
}

export function useSave<N extends FunctionName>(name: N, { schema, shows, names }: SaveOptions<N>) {
  const change = useChange(name);
  /** The form's element: its first problem is focused when a save is refused. */
  const formRef = useRef<HTMLFormElement>(null);
  const [found, setErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(found).map(([field, problem]) => [field, fieldSentence(names?.(field), problem)]),
  );
  const [message, setMessage] = useState<string>();
  const [checked, setChecked] = useState(false);
  /** The schema's problems, and the form's own (what the schema cannot see: a number left empty, a date to come). */
  const problemsOf = (payload: FunctionInput<N>, own: FieldErrors): FieldErrors => ({
    ...(schema && schemaProblems(schema as Schema, payload)),
    ...own,
  });

  /** Once the form has been checked, its messages follow what is typed. */
  const recheck = (payload: FunctionInput<N>, own: FieldErrors = {}) => {
    if (checked) setErrors(problemsOf(payload, own));
  };

  /** Checks, then saves: the answer, or undefined when nothing was saved (the messages say why). */
  const save = async (payload: FunctionInput<N>, own: FieldErrors = {}): Promise<FunctionResult<N> | undefined> => {
    const problems = problemsOf(payload, own);
    setChecked(true);
    setErrors(problems);
    setMessage(undefined);
    const refused = (messageShown: boolean) => {
      // Once the messages are drawn.
      requestAnimationFrame(() => focusFirstProblem(formRef.current, messageShown));
      return undefined;
    };
    if (Object.keys(problems).length > 0) return refused(false);
    try {
      return await change.mutateAsync(payload);
    } catch (error) {
      const problem = fieldProblem(error);
      if (problem && shows(problem[0])) setErrors({ [problem[0]]: problem[1] });
      else setMessage(asApiError(error).message);
      return refused(true);
    }
  };

  /** The form starts again: no messages. */
  const forget = () => {
    setChecked(false);
    setErrors({});
    setMessage(undefined);
  };

  return { errors, message, saving: change.isPending, save, recheck, forget, formRef };
}
