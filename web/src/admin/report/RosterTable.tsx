// The students of a roster or a waitlist, one row each: who they are, who to call, what to watch for.
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PolicyAcceptance, RosterEntry, Student } from '@contract/records';
import { EmergencyContactLine, GuardianEmail } from '../students/ContactLinks';
import { gradeLabel } from '@contract/grades';
import {
  acceptancesText,
  ageOf,
  birthDateLabel,
  guardianEmailsOf,
  listName,
  photoConsentLabel,
  type SizeLabel,
} from '../students/studentSheet';
import { ScrollingTable } from '../ScrollingTable';
import { detailsConfirmedLabel } from '@contract/configNames';
import { useMomentText, useProgrammeTimeZone } from '../../layout/RemoteConfig';

const printOnly = { display: 'none', '@media print': { display: 'inline' } } as const;
const screenOnly = { '@media print': { display: 'none' } } as const;
/** On paper a cell's lines run on, separated, so a class of 20 fits one or two pages. */
const runOnInPrint = (separator: string) =>
  ({
    '@media print': { '& > div': { display: 'inline' }, '& > div + div::before': { content: `"${separator}"` } },
  }) as const;

/** "Liability waiver v2, Photo consent v1", or "none". */
const acceptedVersions = (acceptances: PolicyAcceptance[] | undefined) =>
  acceptances?.length ? acceptances.map(({ title, version }) => `${title} v${version}`).join(', ') : 'none';

// Plain lines in the cells (the cell sets the type): a semester's printout draws thousands of them.
function About({
  student,
  acceptances,
  sizeLabel,
  timeZone,
}: {
  student: Student;
  acceptances: PolicyAcceptance[] | undefined;
  sizeLabel: SizeLabel;
  timeZone: string;
}) {
  return (
    <>
      <strong>{listName(student)}</strong>
      <div>
        {[
          `Born ${birthDateLabel(student.birthDate)} (age ${ageOf(student.birthDate)})`,
          gradeLabel(student.grade),
          student.school,
          `T-shirt: ${sizeLabel(student.tshirtSize)}`,
          `Details confirmed ${detailsConfirmedLabel(student.detailsConfirmedAt, timeZone)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        {/* On paper the photo consent joins these lines, for the width its column took. */}
        <Box component="span" sx={printOnly}>
          {` · Photos: ${photoConsentLabel(student.photoConsent)}`}
        </Box>
      </div>
      {/* On paper, the versions only, run on with the health notes: a class's forms stay on one or two pages. */}
      <Box sx={screenOnly}>Policies accepted: {acceptancesText(acceptances, timeZone)}</Box>
    </>
  );
}

function Contacts({ entry }: { entry: RosterEntry }) {
  return (
    <>
      {guardianEmailsOf(entry).map((email) => (
        <div key={`guardian|${email}`}>
          <GuardianEmail email={email} />
        </div>
      ))}
      {entry.student.emergencyContacts.map((contact) => (
        <div key={`${contact.name}|${contact.phone}`}>
          <EmergencyContactLine contact={contact} />
        </div>
      ))}
      {entry.student.pickupAdults.map((adult) => (
        <div key={`pickup|${adult.name}|${adult.phone}`}>
          Pick-up: <EmergencyContactLine contact={adult} />
        </div>
      ))}
    </>
  );
}

function Answers({ answers }: { answers: Array<[string, string]> }) {
  if (answers.length === 0) return <Box sx={{ color: 'text.secondary' }}>None given</Box>;
  return answers.map(([label, text]) => (
    <div key={label}>
      <strong>{label}:</strong> {text}
    </div>
  ));
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
  answersOf,
}: {
  entries: RosterEntry[];
  label: string;
  sizeLabel: SizeLabel;
  /** The family's answers to the questions, as labelled lines; absent: the class asks none and none were given. */
  answersOf?: (entry: RosterEntry) => Array<[string, string]>;
}) {
  const moment = useMomentText();
  const timeZone = useProgrammeTimeZone();
  return (
    <ScrollingTable
      label={label}
      sx={{
        '& td, & th': { verticalAlign: 'top' },
        '@media print': { '& td, & th': { px: 0.5, py: 0.25, borderColor: '#999' } },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '2.5em' }}>#</TableCell>
          <TableCell sx={{ minWidth: 170, '@media print': { width: '30%' } }}>Student</TableCell>
          <TableCell sx={{ minWidth: 190, '@media print': { width: '33%' } }}>
            Guardian, emergency contacts and pick-up adults
          </TableCell>
          <TableCell sx={{ minWidth: 170 }}>Allergies, medications, medical notes</TableCell>
          {answersOf && <TableCell sx={{ minWidth: 150 }}>Answers to questions</TableCell>}
          <TableCell sx={screenOnly}>Photo consent</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry, index) => (
          <TableRow key={entry.enrollmentId} sx={{ breakInside: 'avoid' }}>
            <TableCell>{entry.waitlistPosition ?? index + 1}</TableCell>
            <TableCell>
              <About
                student={entry.student}
                acceptances={entry.acceptances}
                sizeLabel={sizeLabel}
                timeZone={timeZone}
              />
              {entry.offerExpiresAt && (
                <div>
                  <strong>Seat offered until {moment(entry.offerExpiresAt)}</strong>
                </div>
              )}
            </TableCell>
            <TableCell sx={runOnInPrint('; ')}>
              <Contacts entry={entry} />
            </TableCell>
            <TableCell sx={runOnInPrint(' · ')}>
              <Health student={entry.student} />
              <Box sx={printOnly}>Policies: {acceptedVersions(entry.acceptances)}</Box>
            </TableCell>
            {answersOf && (
              <TableCell sx={runOnInPrint(' · ')}>
                <Answers answers={answersOf(entry)} />
              </TableCell>
            )}
            <TableCell sx={screenOnly}>{photoConsentLabel(entry.student.photoConsent)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
