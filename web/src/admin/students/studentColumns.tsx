// The students table's columns: what an administrator sorts, filters and searches by. Medications, notes,
// contacts and pick-up adults start hidden (the Columns menu shows them); the whole sheet is one click away.
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { detailsConfirmedLabel } from '@contract/configNames';
import { GRADES, gradeLabel } from '@contract/grades';
import { classesText, STANDINGS, standing, type StudentRow } from './semesterStudents';
import {
  acceptancesText,
  birthDateLabel,
  contactsText,
  guardianEmailsText,
  listName,
  photoConsentLabel,
  type SizeLabel,
} from './studentSheet';

export const HIDDEN_AT_FIRST = {
  medications: false,
  medicalNotes: false,
  contacts: false,
  pickupAdults: false,
  policies: false,
};

/** `moment` writes the moments the cells show (useMomentText); a day is that of `timeZone`, the programme's. */
export function studentColumns(
  openSheet: (row: StudentRow) => void,
  sizeLabel: SizeLabel,
  moment: (iso: string) => string,
  timeZone: string,
): GridColDef<StudentRow>[] {
  const text = (
    field: string,
    headerName: string,
    value: (row: StudentRow) => string | undefined,
    width = 160,
  ): GridColDef<StudentRow> => ({
    field,
    headerName,
    width,
    valueGetter: (_value, row) => value(row) ?? '',
  });
  return [
    {
      field: 'name',
      headerName: 'Student',
      width: 190,
      valueGetter: (_value, row) => listName(row.student),
      renderCell: ({ row, value, tabIndex }) => (
        <Link
          component="button"
          tabIndex={tabIndex}
          onClick={() => openSheet(row)}
          aria-label={`Open the sheet of ${value as string}`}
          sx={{ textAlign: 'left' }}
        >
          {value as string}
        </Link>
      ),
    },
    {
      field: 'grade',
      headerName: 'Grade',
      type: 'singleSelect',
      width: 100,
      valueOptions: GRADES.map((grade) => ({ value: grade, label: gradeLabel(grade) })),
      valueGetter: (_value, row) => row.student.grade ?? null,
    },
    {
      ...text('birthDate', 'Birth date', (row) => row.student.birthDate, 120),
      valueFormatter: (value: string) => birthDateLabel(value),
    },
    text('school', 'School', (row) => row.student.school),
    text('tshirtSize', 'T-shirt', (row) => sizeLabel(row.student.tshirtSize), 110),
    { ...text('classes', 'Classes', (row) => classesText(row, moment)), flex: 1, minWidth: 260 },
    {
      field: 'standing',
      headerName: 'Status',
      type: 'singleSelect',
      width: 180,
      valueOptions: [...STANDINGS],
      valueGetter: (_value, row) => standing(row),
    },
    text('guardianEmail', 'Guardian e-mail', guardianEmailsText, 220),
    text('allergies', 'Allergies', (row) => row.student.allergies),
    text('medications', 'Medications', (row) => row.student.medications),
    text('medicalNotes', 'Medical notes', (row) => row.student.medicalNotes, 200),
    text('contacts', 'Emergency contacts', (row) => contactsText(row.student.emergencyContacts), 260),
    text('pickupAdults', 'Pick-up adults', (row) => contactsText(row.student.pickupAdults), 260),
    {
      // Sorted by the moment (never first), shown as the day.
      ...text('detailsConfirmed', 'Details confirmed', (row) => row.student.detailsConfirmedAt ?? '', 150),
      valueFormatter: (value: string) => detailsConfirmedLabel(value || undefined, timeZone),
    },
    {
      field: 'photoConsent',
      headerName: 'Photos',
      type: 'singleSelect',
      width: 110,
      valueOptions: [true, false, undefined].map(photoConsentLabel),
      valueGetter: (_value, row) => photoConsentLabel(row.student.photoConsent),
    },
    text('policies', 'Policies accepted', (row) => acceptancesText(row.acceptances, timeZone), 300),
  ];
}
