// The remote configuration as a form: the keys the site reads with their labels and checks, and any other
// key as text that keeps its type (number, true/false) when saved.
import type { ConfigValues } from '../../../../lambdas/records';
import type { FieldErrors } from '../useSave';

interface KnownKey {
  key: string;
  label: string;
  help: string;
  kind: 'email' | 'url' | 'text';
}

export const KNOWN_KEYS: KnownKey[] = [
  { key: 'contactEmail', label: 'Contact e-mail', help: "The footer's help line. Empty hides it.", kind: 'email' },
  { key: 'privacyPolicyUrl', label: 'Privacy policy link', help: "The footer's Privacy Policy link.", kind: 'url' },
  { key: 'studentUnitsUrl', label: 'Student Units link', help: "The sidebar's Student Units link, opened in a new tab.", kind: 'url' },
  { key: 'announcement', label: 'Announcement', help: 'The banner under the header. Empty hides it; a changed text shows again to visitors who dismissed the old one.', kind: 'text' },
];

/** The server's limit for one value. */
const MAX_LENGTH = 2000;

export const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

function isWebAddress(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

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
    const kind = KNOWN_KEYS.find((known) => known.key === key)?.kind;
    const value = text.trim();
    if (text.length > MAX_LENGTH) errors[key] = `must be at most ${MAX_LENGTH} characters`;
    else if (kind === 'email' && value && !isEmail(value)) errors[key] = 'must be an e-mail address';
    else if (kind === 'url' && value && !isWebAddress(value)) errors[key] = 'must be a web address starting with https://';
    else if (!kind && typed(text, saved[key]) === undefined) errors[key] = typeof saved[key] === 'number' ? 'must be a number' : 'must be true or false';
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
