// The student form's values as typed, and the Student record they become (checked with its schema, so the
// messages under the fields are the server's own).
import type { Student, StudentInput } from '../../../../lambdas/records';
import type { FieldErrors } from '../../api/useSave';

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

/** What the schema leaves to the saving function: a birth date in the past. */
export function draftProblems(draft: StudentDraft): FieldErrors {
  return draft.birthDate && draft.birthDate >= new Date().toISOString().slice(0, 10)
    ? { birthDate: 'must be in the past' }
    : {};
}

/** The fields the form shows, named as the server names them. */
export function isStudentField(field: string): boolean {
  return (
    /^(firstName|lastName|birthDate|grade|school|tshirtSize|emergencyContacts|allergies|medications|medicalNotes)$/.test(
      field,
    ) || /^emergencyContacts\[\d+\]\.(name|phone|relationship)$/.test(field)
  );
}
