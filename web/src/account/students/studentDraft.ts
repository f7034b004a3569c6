// The student form's values as typed, and the Student record they become. Validation is the shared zod
// schema the server uses, so the messages under the fields are the server's own.
import { studentInput, type Student, type StudentInput } from '../../../../lambdas/records';

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
  allergies: string;
  medications: string;
  medicalNotes: string;
  photoConsent: boolean;
}

export type FieldErrors = Record<string, string>;

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
    ...(draft.grade !== '' && { grade: Number(draft.grade) }),
    ...(optional(draft.school) && { school: draft.school }),
    ...(optional(draft.allergies) && { allergies: draft.allergies }),
    ...(optional(draft.medications) && { medications: draft.medications }),
    ...(optional(draft.medicalNotes) && { medicalNotes: draft.medicalNotes }),
    photoConsent: draft.photoConsent,
  };
}

/** A field's name as the server writes it: `emergencyContacts[0].phone`. */
export function fieldName(path: PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

/** The first problem of each field, or none. */
export function validateDraft(draft: StudentDraft): FieldErrors {
  const parsed = studentInput.safeParse(inputOf(draft));
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldName(issue.path)] ??= issue.message;
  if (draft.birthDate && draft.birthDate >= new Date().toISOString().slice(0, 10))
    errors.birthDate ??= 'must be in the past';
  return errors;
}

/** The server's 400 message "field: problem" as a field error. */
export function serverFieldError(message: string): FieldErrors | undefined {
  const match = /^([A-Za-z]+(?:\[\d+\])?(?:\.[A-Za-z]+)?): (.+)$/.exec(message);
  return match ? { [match[1]!]: match[2]! } : undefined;
}
