// How a student's information sheet reads to an administrator: on screen, on paper and in CSV files.
import { gradeLabel } from '@contract/grades';
import type { EmergencyContact, EnrollmentStatus, PolicyAcceptance, Student } from '@contract/records';
import { dayOf } from '@contract/moments';
import { dateLabel } from '../../layout/schedule';
import type { CsvColumn } from '../csv';

/** A student's sheet with the e-mails of the family's guardians, as the roster and the enrollment lists carry it. */
export interface Sheet {
  student: Student;
  guardianEmail?: string;
  /** The policies accepted for the child, for the semester shown. */
  acceptances?: PolicyAcceptance[];
  otherGuardianEmails?: string[];
}

/** Every guardian's e-mail, the first guardian's first. */
export const guardianEmailsOf = ({ guardianEmail, otherGuardianEmails = [] }: Omit<Sheet, 'student'>) =>
  guardianEmail ? [guardianEmail, ...otherGuardianEmails] : otherGuardianEmails;

/** The guardians' e-mails in one cell of a table or a CSV file. */
export const guardianEmailsText = (sheet: Omit<Sheet, 'student'>) => guardianEmailsOf(sheet).join('; ');

/** Turns a t-shirt size code into its label ("YM" → "Youth M"); retired sizes keep theirs. */
export type SizeLabel = (code: string) => string;

export const fullName = (student: Pick<Student, 'firstName' | 'lastName'>) =>
  `${student.firstName} ${student.lastName}`;

/** "Tester, Alex": how lists sort and read. */
export const listName = (student: Pick<Student, 'firstName' | 'lastName'>) =>
  `${student.lastName}, ${student.firstName}`;

export const byListName = (a: Sheet, b: Sheet) => listName(a.student).localeCompare(listName(b.student));

/** A birth date as the site writes a date: "Mar 14, 2018". */
export const birthDateLabel = dateLabel;

/** Age in whole years today: what an instructor checks on the first day. */
export function ageOf(birthDate: string, today = new Date()): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (hadBirthday ? 0 : 1);
}

const contactLine = ({ name, relationship, phone }: EmergencyContact) =>
  `${name}${relationship ? ` (${relationship})` : ''} ${phone}`;

export const contactsText = (contacts: EmergencyContact[]) => contacts.map(contactLine).join('; ');

/**
 * "Liability waiver (version 2), accepted Mar 3, 2026 by pat@example.com": which version, when (the day of
 * `timeZone`, the programme's), by whom.
 */
export const acceptanceLine = ({ title, version, acceptedAt, acceptedBy }: PolicyAcceptance, timeZone: string) =>
  `${title} (version ${version}), accepted ${dateLabel(dayOf(acceptedAt, timeZone))} by ${acceptedBy.email ?? 'the family'}`;

export const acceptancesText = (acceptances: PolicyAcceptance[] | undefined, timeZone: string) =>
  acceptances?.length ? acceptances.map((acceptance) => acceptanceLine(acceptance, timeZone)).join('; ') : 'none';

export const photoConsentLabel = (consent: boolean | undefined) =>
  consent === undefined ? 'Not answered' : consent ? 'Yes' : 'No';

/** A student's place in a class. */
interface Standing {
  status: EnrollmentStatus;
  waitlistPosition?: number;
  offerExpiresAt?: string;
}

/**
 * Where a student stands in a class; a seat offered (offers mode) with its deadline, as `moment` writes it
 * (useMomentText on screen, fileMoment in a file).
 */
export function statusLabel(
  { status, waitlistPosition, offerExpiresAt }: Standing,
  moment: (iso: string) => string,
): string {
  if (offerExpiresAt) return `Seat offered until ${moment(offerExpiresAt)}`;
  if (status === 'waitlisted') return waitlistPosition ? `Waitlisted #${waitlistPosition}` : 'Waitlisted';
  return status === 'enrolled' ? 'Enrolled' : 'Cancelled';
}

/**
 * The sheet's columns in a CSV file, after whatever columns name the row's class or classes; a day is that of
 * `timeZone`, the programme's.
 */
export function sheetColumns<T>(sheetOf: (row: T) => Sheet, sizeLabel: SizeLabel, timeZone: string): CsvColumn<T>[] {
  const field = (header: string, value: (sheet: Sheet) => string | undefined): CsvColumn<T> => ({
    header,
    value: (row) => value(sheetOf(row)),
  });
  return [
    field('Last name', ({ student }) => student.lastName),
    field('First name', ({ student }) => student.firstName),
    field('Birth date', ({ student }) => student.birthDate),
    field('Grade', ({ student }) => gradeLabel(student.grade)),
    field('School', ({ student }) => student.school),
    field('T-shirt size', ({ student }) => sizeLabel(student.tshirtSize)),
    field('Guardian e-mail', guardianEmailsText),
    field('Emergency contacts', ({ student }) => contactsText(student.emergencyContacts)),
    field('Pick-up adults', ({ student }) => contactsText(student.pickupAdults)),
    field('Details confirmed', ({ student }) =>
      student.detailsConfirmedAt ? dayOf(student.detailsConfirmedAt, timeZone) : 'never',
    ),
    field('Allergies', ({ student }) => student.allergies),
    field('Medications', ({ student }) => student.medications),
    field('Medical notes', ({ student }) => student.medicalNotes),
    field('Photo consent', ({ student }) => photoConsentLabel(student.photoConsent)),
    field('Policies accepted', ({ acceptances }) => acceptancesText(acceptances, timeZone)),
  ];
}
