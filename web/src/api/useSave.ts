// The one way a form saves through a function. The payload is checked first with the shared zod schema the
// server validates it with: the same messages, under the fields they name, and no call while one is shown.
// Then it is sent as a change (./changes). A 400 from the server names its field ("capacity: must be 0 to
// 10000"): its message goes under that field when the form shows it, and above the buttons otherwise, like
// any other failure.
import { useState } from 'react';
import type { FunctionInput, FunctionName, FunctionResult, manifest } from '../../../lambdas/manifest';
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

interface SaveOptions<N extends FunctionName> {
  /** The schema the manifest validates the payload with, when the records share it. */
  schema?: (typeof manifest)[N]['input'];
  /** Which fields the form shows: a message about another field is shown whole, above the buttons. */
  shows: (field: string) => boolean;
}

export function useSave<N extends FunctionName>(name: N, { schema, shows }: SaveOptions<N>) {
  const change = useChange(name);
  const [errors, setErrors] = useState<FieldErrors>({});
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
    if (Object.keys(problems).length > 0) return undefined;
    try {
      return await change.mutateAsync(payload);
    } catch (error) {
      const problem = fieldProblem(error);
      if (problem && shows(problem[0])) setErrors({ [problem[0]]: problem[1] });
      else setMessage(asApiError(error).message);
      return undefined;
    }
  };

  /** The form starts again: no messages. */
  const forget = () => {
    setChecked(false);
    setErrors({});
    setMessage(undefined);
  };

  return { errors, message, saving: change.isPending, save, recheck, forget };
}
