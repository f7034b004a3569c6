import { passwordProblemText } from '../i18n/passwordProblem';
import { isEmailAddress } from '@contract/records';
import { i18n } from '../i18n/signIn';

// Field rules of the sign-in screens: each field's failed rules, shown under it joined by commas.
export interface Rule<Values> {
  /** True when the values pass. */
  passes(values: Values): boolean;
  /** What is wrong, said for the values that failed (a function, so it is said in the language active then). */
  message: string | ((values: Values) => string);
}

export type Rules<Values> = Partial<Record<keyof Values, Rule<Values>[]>>;
export type FieldErrors<Values> = Partial<Record<keyof Values, string[]>>;
type TextField<Values> = { [Field in keyof Values]: Values[Field] extends string ? Field : never }[keyof Values];

export function validate<Values>(values: Values, rules: Rules<Values>): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const field of Object.keys(rules) as (keyof Values)[]) {
    const failed = (rules[field] ?? [])
      .filter((rule) => !rule.passes(values))
      .map(({ message }) => (typeof message === 'string' ? message : message(values)));
    if (failed.length) errors[field] = failed;
  }
  return errors;
}

export function hasErrors<Values>(errors: FieldErrors<Values>): boolean {
  return Object.keys(errors).length > 0;
}

/** The text under a field: its messages joined by commas, or nothing. */
export function fieldMessage(messages: string[] | undefined): string | undefined {
  return messages?.join(', ');
}

export const isFilled = (text: string) => text.trim() !== '';

const text = <Values>(values: Values, field: TextField<Values>) => values[field] as string;

export function required<Values>(field: TextField<Values>, message: Rule<Values>['message']): Rule<Values> {
  return { passes: (values) => isFilled(text(values, field)), message };
}

// The rules below leave an empty field to `required`, so one problem gets one message.

/** The e-mail's form, checked before the identity provider is called: `claire@gmail` lacks its ending. */
export function emailAddress<Values>(field: TextField<Values>): Rule<Values> {
  return {
    passes: (values) => !isFilled(text(values, field)) || isEmailAddress(text(values, field).trim()),
    message: () => i18n._('auth.field.wholeEmail'),
  };
}

/** The user pool's password policy (lambdas/contract/passwordPolicy.ts): one message naming every rule it fails. */
export function policyPassword<Values>(field: TextField<Values>): Rule<Values> {
  return {
    passes: (values) => !isFilled(text(values, field)) || passwordProblemText(text(values, field)) === undefined,
    message: (values) => passwordProblemText(text(values, field)) ?? '',
  };
}
