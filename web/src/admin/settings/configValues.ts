// The remote configuration as a form: the keys the site reads with their labels, checked by the rules the
// server applies, and any other key as text that keeps its type (number, true/false) when saved.
import { configValueProblem, type ConfigValues } from '../../../../lambdas/records';
import type { FieldErrors } from '../useSave';

interface KnownKey {
  key: string;
  label: string;
  help: string;
}

export const KNOWN_KEYS: KnownKey[] = [
  {
    key: 'contactEmail',
    label: 'Contact e-mail',
    help: "The footer's help line, and whom families write to from the portal's e-mails (replies go there). Empty hides it.",
  },
  {
    key: 'programmeName',
    label: 'Programme name',
    help: "The name the portal's e-mails carry. Empty: Mountain School Programme.",
  },
  { key: 'privacyPolicyUrl', label: 'Privacy policy link', help: "The footer's Privacy Policy link." },
  {
    key: 'studentUnitsUrl',
    label: 'Student Units link',
    help: "The sidebar's Student Units link, opened in a new tab.",
  },
  {
    key: 'announcement',
    label: 'Announcement',
    help: 'The banner under the header. Empty hides it; a changed text shows again to visitors who dismissed the old one.',
  },
];

/** The server's limit for one value. */
const MAX_LENGTH = 2000;

export { isEmailAddress as isEmail } from '../../../../lambdas/records';

type ConfigDraft = Record<string, string>;

export function draftOf(values: ConfigValues): ConfigDraft {
  const draft: ConfigDraft = Object.fromEntries(KNOWN_KEYS.map(({ key }) => [key, '']));
  for (const [key, value] of Object.entries(values)) draft[key] = String(value);
  return draft;
}

/** Another key's value in the type it had; text when it was text. */
function typed(text: string, was: ConfigValues[string] | undefined): ConfigValues[string] | undefined {
  if (typeof was === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;
  if (typeof was === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

export function checkDraft(draft: ConfigDraft, saved: ConfigValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, text] of Object.entries(draft)) {
    const known = KNOWN_KEYS.some((candidate) => candidate.key === key);
    const value = known ? text.trim() : typed(text, saved[key]);
    // The server's rules for the value's name (links, the contact e-mail), with its messages.
    const problem = value === undefined || (known && value === '') ? undefined : configValueProblem(key, value);
    if (text.length > MAX_LENGTH) errors[key] = `must be at most ${MAX_LENGTH} characters`;
    else if (value === undefined)
      errors[key] = typeof saved[key] === 'number' ? 'must be a number' : 'must be true or false';
    else if (problem) errors[key] = problem;
  }
  return errors;
}

/** The values to save: every key, an emptied known key left out so the site hides what it fed. */
export function valuesOf(draft: ConfigDraft, saved: ConfigValues): ConfigValues {
  const values: ConfigValues = {};
  for (const [key, text] of Object.entries(draft)) {
    const known = KNOWN_KEYS.some((candidate) => candidate.key === key);
    if (known && text.trim() === '') continue;
    values[key] = known ? text.trim() : typed(text, saved[key])!;
  }
  return values;
}
