// The student form's values as typed, and the Student record they become (checked with its schema, so the
// messages under the fields are the server's own).
import { MAX_PICKUP_ADULTS, type Student, type StudentInput } from '@contract/records';
import type { FieldErrors, FieldName } from '../../api/useSave';
import { i18n } from '../../i18n/account';

export interface ContactDraft {
  name: string;
  phone: string;
  relationship: string;
}

export interface StudentDraft {
  firstName: string;
  lastName: string;
  birthDate: string;
  grade: string;
  school: string;
  tshirtSize: string;
  emergencyContacts: ContactDraft[];
  /** Who may collect the child after class (the same three fields, all required). */
  pickupAdults: ContactDraft[];
  allergies: string;
  medications: string;
  medicalNotes: string;
  photoConsent: boolean;
}

export const emptyContact: ContactDraft = { name: '', phone: '', relationship: '' };

export function draftOf(student?: Student): StudentDraft {
  return {
    firstName: student?.firstName ?? '',
    lastName: student?.lastName ?? '',
    birthDate: student?.birthDate ?? '',
    grade: student?.grade === undefined ? '' : String(student.grade),
    school: student?.school ?? '',
    tshirtSize: student?.tshirtSize ?? '',
    emergencyContacts: student?.emergencyContacts.map((contact) => ({
      ...emptyContact,
      ...contact,
      relationship: contact.relationship ?? '',
    })) ?? [{ ...emptyContact }],
    pickupAdults: student?.pickupAdults.map((adult) => ({ ...adult })) ?? [],
    allergies: student?.allergies ?? '',
    medications: student?.medications ?? '',
    medicalNotes: student?.medicalNotes ?? '',
    photoConsent: student?.photoConsent ?? false,
  };
}

const optional = (value: string) => (value.trim() === '' ? undefined : value);

export function inputOf(draft: StudentDraft, id?: string): StudentInput {
  return {
    ...(id && { id }),
    firstName: draft.firstName,
    lastName: draft.lastName,
    birthDate: draft.birthDate,
    tshirtSize: draft.tshirtSize,
    emergencyContacts: draft.emergencyContacts.map((contact) => ({
      name: contact.name,
      phone: contact.phone,
      ...(optional(contact.relationship) && { relationship: contact.relationship }),
    })),
    pickupAdults: draft.pickupAdults.map(({ name, relationship, phone }) => ({ name, relationship, phone })),
    ...(draft.grade !== '' && { grade: Number(draft.grade) }),
    ...(optional(draft.school) && { school: draft.school }),
    ...(optional(draft.allergies) && { allergies: draft.allergies }),
    ...(optional(draft.medications) && { medications: draft.medications }),
    ...(optional(draft.medicalNotes) && { medicalNotes: draft.medicalNotes }),
    photoConsent: draft.photoConsent,
  };
}

/**
 * What the schema leaves to the saving function: a birth date in the past. The problem in the schema's own words,
 * which studentFieldName turns into the form's sentence.
 */
export function draftProblems(draft: StudentDraft): FieldErrors {
  return draft.birthDate && draft.birthDate >= new Date().toISOString().slice(0, 10)
    ? { birthDate: 'must be in the past' }
    : {};
}

/** The schema's limits on the child's text fields, as its messages say them. */
const MAX_LENGTH: Record<string, number> = {
  firstName: 60,
  lastName: 60,
  school: 120,
  allergies: 1000,
  medications: 1000,
  medicalNotes: 2000,
};
const ONE_LINE = new Set(['firstName', 'lastName', 'school', 'tshirtSize']);
const MANY_LINES = new Set(['allergies', 'medications', 'medicalNotes']);

/** The child's own fields: each problem the schema (or the form) can find, in a sentence of the catalogue. */
function childFieldName(field: string): FieldName | undefined {
  if (!isChildField(field)) return undefined;
  const t = i18n._.bind(i18n);
  const says: Record<string, string> = { 'is required': t('account.check.required', { field }) };
  const max = MAX_LENGTH[field];
  if (max) says[`must be at most ${max} characters`] = t('account.check.tooLong', { field, max });
  if (ONE_LINE.has(field))
    says['must not contain line breaks or control characters'] = t('account.check.lineBreaks', { field });
  if (MANY_LINES.has(field)) says['must not contain control characters'] = t('account.check.controls', { field });
  if (field === 'birthDate')
    // The date field shows the browser's own format (mm/dd/yyyy here): a message never names another.
    Object.assign(says, {
      'must be a date written YYYY-MM-DD': t('account.check.birthDateWhole'),
      'is not a real date': t('account.check.birthDateReal'),
      'must be 1900-01-01 or later': t('account.check.birthDateFrom'),
      'must be in the past': t('account.check.birthDatePast'),
    });
  if (field === 'grade') says['must be -1 (pre-K) to 12'] = t('account.check.gradeRange');
  if (field === 'tshirtSize') says['is not a known size'] = t('account.check.sizeFromList');
  if (field === 'emergencyContacts')
    Object.assign(says, {
      'must list at least one contact': t('account.check.oneContact'),
      'must list at most five contacts': t('account.check.fiveContacts'),
    });
  if (field === 'pickupAdults')
    says[`must list at most ${MAX_PICKUP_ADULTS} adults`] = t('account.check.pickupAtMost', { max: MAX_PICKUP_ADULTS });
  return { the: t('account.check.the', { field }), says };
}

const CHILD_FIELDS =
  /^(firstName|lastName|birthDate|grade|school|tshirtSize|emergencyContacts|pickupAdults|allergies|medications|medicalNotes)$/;
const isChildField = (field: string) => CHILD_FIELDS.test(field);

/** The schema's limits on a listed person's fields. */
const CONTACT_MAX_LENGTH: Record<string, number> = { name: 120, relationship: 60 };

/**
 * How the form names a field in its messages: "Enter the child's first name", "Enter contact 2's phone
 * number", "Enter pick-up adult 1's relationship". Said in the language active when the messages show.
 */
export function studentFieldName(field: string): FieldName | undefined {
  const contact = /^(emergencyContacts|pickupAdults)\[(\d+)\]\.(\w+)$/.exec(field);
  if (!contact) return childFieldName(field);
  const [, list, index = '0', part = ''] = contact;
  const t = i18n._.bind(i18n);
  const whom = {
    whose: list === 'pickupAdults' ? 'pickupAdult' : index === '0' ? 'first' : 'contact',
    number: Number(index) + 1,
    part,
  };
  const says: Record<string, string> = { 'is required': t('account.check.contactRequired', whom) };
  if (part === 'phone')
    Object.assign(says, {
      'must be a phone number': t('account.check.contactPhone', whom),
      'is too long': t('account.check.contactPhoneLong', whom),
    });
  const max = CONTACT_MAX_LENGTH[part];
  if (max) {
    says[`must be at most ${max} characters`] = t('account.check.contactTooLong', { ...whom, max });
    says['must not contain line breaks or control characters'] = t('account.check.contactLineBreaks', whom);
  }
  return { the: t('account.check.contactThe', whom), says };
}

/** The fields the form shows, named as the server names them. */
export function isStudentField(field: string): boolean {
  return (
    /^(firstName|lastName|birthDate|grade|school|tshirtSize|emergencyContacts|pickupAdults|allergies|medications|medicalNotes)$/.test(
      field,
    ) || /^(emergencyContacts|pickupAdults)\[\d+\]\.(name|phone|relationship)$/.test(field)
  );
}
