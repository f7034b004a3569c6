// The students of a roster or a waitlist, one row each: who they are, who to call, what to watch for.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RosterEntry, Student } from '../../../../lambdas/records';
import { EmergencyContactLine, GuardianEmail } from '../students/ContactLinks';
import { gradeLabel } from '../../../../lambdas/grades';
import { ageOf, birthDateLabel, listName, photoConsentLabel, type SizeLabel } from '../students/studentSheet';

// Plain lines in the cells (the cell sets the type): a semester's printout draws thousands of them.
function About({ student, sizeLabel }: { student: Student; sizeLabel: SizeLabel }) {
  return (
    <>
      <strong>{listName(student)}</strong>
      <div>
        Born {birthDateLabel(student.birthDate)} (age {ageOf(student.birthDate)})
      </div>
      <div>{[gradeLabel(student.grade), student.school].filter(Boolean).join(' · ')}</div>
      <div>T-shirt: {sizeLabel(student.tshirtSize)}</div>
    </>
  );
}

function Contacts({ entry }: { entry: RosterEntry }) {
  return (
    <>
      {entry.guardianEmail && (
        <div>
          <GuardianEmail email={entry.guardianEmail} />
        </div>
      )}
      {entry.student.emergencyContacts.map((contact) => (
        <div key={`${contact.name}|${contact.phone}`}>
          <EmergencyContactLine contact={contact} />
        </div>
      ))}
    </>
  );
}

function Health({ student }: { student: Student }) {
  const notes = [
    ['Allergies', student.allergies],
    ['Medications', student.medications],
    ['Medical notes', student.medicalNotes],
  ].filter((note): note is [string, string] => Boolean(note[1]));
  if (notes.length === 0) return <Box sx={{ color: 'text.secondary' }}>None given</Box>;
  return notes.map(([label, text]) => (
    <div key={label}>
      <strong>{label}:</strong> {text}
    </div>
  ));
}

/** The # column counts a roster's rows and gives a waitlist's positions. */
export function RosterTable({
  entries,
  label,
  sizeLabel,
}: {
  entries: RosterEntry[];
  label: string;
  sizeLabel: SizeLabel;
}) {
  return (
    <TableContainer sx={{ '@media print': { overflow: 'visible' } }}>
      <Table
        size="small"
        aria-label={label}
        sx={{
          '& td, & th': { verticalAlign: 'top' },
          '@media print': { '& td, & th': { px: 0.75, borderColor: '#999' } },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '2.5em' }}>#</TableCell>
            <TableCell sx={{ minWidth: 170 }}>Student</TableCell>
            <TableCell sx={{ minWidth: 190 }}>Guardian and emergency contacts</TableCell>
            <TableCell sx={{ minWidth: 170 }}>Allergies, medications, medical notes</TableCell>
            <TableCell>Photo consent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry, index) => (
            <TableRow key={entry.enrollmentId} sx={{ breakInside: 'avoid' }}>
              <TableCell>{entry.waitlistPosition ?? index + 1}</TableCell>
              <TableCell>
                <About student={entry.student} sizeLabel={sizeLabel} />
              </TableCell>
              <TableCell>
                <Contacts entry={entry} />
              </TableCell>
              <TableCell>
                <Health student={entry.student} />
              </TableCell>
              <TableCell>{photoConsentLabel(entry.student.photoConsent)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
