// The student form's values as typed, and the Student record they become (checked with its schema, so the
// messages under the fields are the server's own).
import type { Student, StudentInput } from '@contract/records';
import type { FieldErrors, FieldName } from '../../api/useSave';

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

/** What the schema leaves to the saving function: a birth date in the past. */
export function draftProblems(draft: StudentDraft): FieldErrors {
  return draft.birthDate && draft.birthDate >= new Date().toISOString().slice(0, 10)
    ? { birthDate: 'must be in the past' }
    : {};
}

const NAMES: Record<string, FieldName> = {
  firstName: { the: "the child's first name" },
  lastName: { the: "the child's last name" },
  // The date field shows the browser's own format (mm/dd/yyyy here): a message never names another.
  birthDate: {
    the: "the child's birth date",
    says: {
      'must be a date written YYYY-MM-DD': "Enter the child's whole birth date",
      'is not a real date': 'Enter a birth date that exists',
      'must be 1900-01-01 or later': 'Enter a birth date from January 1, 1900 on',
    },
  },
  grade: { the: "the child's school grade", verb: 'Choose' },
  school: { the: "the child's school" },
  tshirtSize: {
    the: 'a t-shirt size',
    verb: 'Choose',
    says: { 'is not a known size': 'Choose a t-shirt size from the list' },
  },
  emergencyContacts: {
    the: 'the emergency contacts',
    says: { 'must list at least one contact': 'Add at least one emergency contact' },
  },
  pickupAdults: { the: 'the pick-up adults', says: { 'must list at most 6 adults': 'List at most 6 pick-up adults' } },
  allergies: { the: 'the allergies' },
  medications: { the: 'the medications' },
  medicalNotes: { the: 'the other medical notes' },
};

const CONTACT_FIELDS: Record<string, string> = { name: 'name', phone: 'phone number', relationship: 'relationship' };

/**
 * How the form names a field in its messages: "Enter the child's first name", "Enter contact 2's phone
 * number", "Enter pick-up adult 1's relationship".
 */
export function studentFieldName(field: string): FieldName | undefined {
  const contact = /^(emergencyContacts|pickupAdults)\[(\d+)\]\.(\w+)$/.exec(field);
  if (!contact) return NAMES[field];
  const [, list, index = '0', name = ''] = contact;
  const whose =
    list === 'pickupAdults'
      ? `pick-up adult ${Number(index) + 1}'s`
      : index === '0'
        ? "the contact's"
        : `contact ${Number(index) + 1}'s`;
  const the = `${whose} ${CONTACT_FIELDS[name] ?? name}`;
  return name === 'phone'
    ? { the, says: { 'must be a phone number': `Enter ${the} with at least 7 digits (spaces, +, -, ( ) allowed)` } }
    : { the };
}

/** The fields the form shows, named as the server names them. */
export function isStudentField(field: string): boolean {
  return (
    /^(firstName|lastName|birthDate|grade|school|tshirtSize|emergencyContacts|pickupAdults|allergies|medications|medicalNotes)$/.test(
      field,
    ) || /^(emergencyContacts|pickupAdults)\[\d+\]\.(name|phone|relationship)$/.test(field)
  );
}
