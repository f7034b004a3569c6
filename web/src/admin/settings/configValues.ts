// The remote configuration as a form: the keys the site reads with their labels, checked with the schema the
// server applies, and any other key as text that keeps its type (number, true/false) when saved.
import {
  detailsConfirmedSince,
  detailsConfirmedSinceOf,
  detailsSinceProblem,
  programmeTimeZone,
  reminderLeadDays,
  spanishConfigName,
} from '@contract/configNames';
import { inSpanish, SPANISH_HINT } from '../spanish';
import { configValues, type ConfigValues } from '@contract/records';
import { type FieldErrors, schemaProblems } from '../../api/useSave';

interface KnownKey {
  key: string;
  label: string;
  /** Its help; a function of the deploy's time zone when the programme runs on it (the time zone left empty). */
  help: string | ((deployZone: string | undefined) => string);
  /** Saved as a number, as the server reads it. */
  number?: boolean;
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
    key: 'orientation',
    label: 'About the programme',
    help: 'Shown above the classes on Class Registration, on phones too: who the programme is for, where it meets, how registration and the waitlist work, whom to contact. A blank line starts a new paragraph. Empty hides it.',
  },
  {
    key: spanishConfigName('orientation'),
    label: inSpanish('About the programme'),
    help: `${SPANISH_HINT} Shown only while "About the programme" is.`,
  },
  {
    key: 'detailsConfirmedSince',
    label: 'Details confirmed since',
    help: "The yearly check: a family enrolling a child whose details (health notes, contacts, pick-up adults) were last confirmed before this day is asked to check them first. Today or a day before, on the programme's clock. Empty: no check.",
  },
  {
    key: programmeTimeZone.name,
    label: 'Time zone',
    help: (deployZone) =>
      `The programme's time zone, as an IANA name such as America/Denver: every time the portal shows, e-mails and exports reads on its clock. Empty: the deploy's${deployZone ? ` (now ${deployZone})` : ''}.`,
  },
  {
    key: reminderLeadDays.name,
    label: 'Reminder lead time (days)',
    help: `How many days before a class's first meeting its families get a reminder e-mail, 1 to 30. Empty: ${reminderLeadDays.byDefault}.`,
    number: true,
  },
  {
    key: 'announcement',
    label: 'Announcement',
    help: 'The banner under the header. Empty hides it; a changed text shows again to visitors who dismissed the old one.',
  },
  {
    key: spanishConfigName('announcement'),
    label: inSpanish('Announcement'),
    help: `${SPANISH_HINT} Shown only while the announcement above is.`,
  },
];

export { isEmailAddress as isEmail } from '@contract/records';

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

const knownKey = (key: string) => KNOWN_KEYS.find((known) => known.key === key);
const isKnown = (key: string) => knownKey(key) !== undefined;

/** A known key's value: a number for a number key when it reads as one (else the text, which the schema refuses). */
function knownValue(text: string, { number }: KnownKey): ConfigValues[string] {
  const trimmed = text.trim();
  return number && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The values to save: every key, an emptied known key left out so the site hides what it fed. */
export function valuesOf(draft: ConfigDraft, saved: ConfigValues): ConfigValues {
  const values: ConfigValues = {};
  for (const [key, text] of Object.entries(draft)) {
    const known = knownKey(key);
    if (known && text.trim() === '') continue;
    values[key] = known ? knownValue(text, known) : typed(text, saved[key])!;
  }
  return values;
}

/**
 * The server's rules for the values (their length, links, the contact e-mail, the yearly check's day not after
 * today on the clock of `timeZone`), named as the server names them ("values.contactEmail"), and a value of
 * another key that no longer reads as its number or true/false.
 */
export function draftProblems(draft: ConfigDraft, saved: ConfigValues, timeZone: string): FieldErrors {
  const values = valuesOf(draft, saved);
  const problems = schemaProblems(configValues, values, 'values');
  const since = detailsConfirmedSinceOf(values);
  const late = since && detailsSinceProblem(since, timeZone);
  if (late) problems[`values.${detailsConfirmedSince.name}`] ??= late;
  for (const [key, text] of Object.entries(draft))
    if (!isKnown(key) && typed(text, saved[key]) === undefined)
      problems[`values.${key}`] = typeof saved[key] === 'number' ? 'must be a number' : 'must be true or false';
  return problems;
}
