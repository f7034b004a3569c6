// A student's whole information sheet, opened from the table: every field the family gave, the classes and the
// attendance. Printed (the browser's print) it stands alone, whole: on paper the page behind it is left out and the
// dialog is laid out as a page, since a dialog's scrolling box would cut the sheet at the screen's height.
import GlobalStyles from '@mui/material/GlobalStyles';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useMomentText, useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { EmergencyContactLine, GuardianEmail } from './ContactLinks';
import { Details } from './Details';
import { SheetAttendance } from './SheetAttendance';
import { classLabel, type StudentRow } from './semesterStudents';
import { gradeLabel } from '@contract/grades';
import {
  acceptanceLine,
  ageOf,
  birthDateLabel,
  fullName,
  guardianEmailsOf,
  photoConsentLabel,
  type SizeLabel,
} from './studentSheet';
import { detailsConfirmedLabel } from '@contract/configNames';
import { answerText } from '@contract/records';

const NONE = 'None given';

const printAlone = (
  <GlobalStyles
    styles={{
      '@media print': {
        '#root, .notistack-SnackbarContainer': { display: 'none' },
        // The dialog locks the page's scrolling with an inline style, which would hold the printout to one page.
        body: { overflow: 'visible !important' },
      },
    }}
  />
);

const onPaper = {
  '@media print': {
    position: 'static',
    '& .MuiBackdrop-root, & .MuiDialogActions-root': { display: 'none' },
    '& .MuiDialog-container': { display: 'block', height: 'auto' },
    '& .MuiDialog-paper': { m: 0, maxWidth: 'none', maxHeight: 'none', overflow: 'visible', boxShadow: 'none' },
    '& .MuiDialogContent-root': { overflow: 'visible', border: 0 },
  },
} as const;

function Section({ title, items }: { title: string; items: Parameters<typeof Details>[0]['items'] }) {
  return (
    <section>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mt: 2 }}>
        {title}
      </Typography>
      <Details items={items} />
    </section>
  );
}

export function StudentSheetDialog({
  row,
  sizeLabel,
  onClose,
}: {
  row: StudentRow;
  sizeLabel: SizeLabel;
  onClose: () => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const moment = useMomentText();
  const timeZone = useProgrammeTimeZone();
  const { student } = row;
  const guardianEmails = guardianEmailsOf(row);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="student-sheet-title"
      sx={onPaper}
    >
      {printAlone}
      <DialogTitle id="student-sheet-title">{fullName(student)}</DialogTitle>
      <DialogContent dividers sx={{ pt: 0 }}>
        <Section
          title="Student"
          items={[
            ['Birth date', `${birthDateLabel(student.birthDate)} (age ${ageOf(student.birthDate)})`],
            ['Grade', gradeLabel(student.grade) || NONE],
            ['School', student.school || NONE],
            ['T-shirt size', sizeLabel(student.tshirtSize)],
          ]}
        />
        <Section
          title="Classes"
          items={row.classes.map((cls, index): [string, string] => [`${index + 1}.`, classLabel(cls, moment)])}
        />
        {row.classes
          .filter((cls) => cls.answers?.length)
          .map((cls) => (
            <Section
              key={cls.classId}
              title={`Answers for ${cls.className}`}
              items={cls.answers!.map((answer): [string, string] => [answer.label, answerText(answer.value)])}
            />
          ))}
        <Section
          title="Contacts"
          items={[
            ...(guardianEmails.length
              ? guardianEmails.map((email, index): [string, ReactNode] => [
                  guardianEmails.length > 1 ? `Guardian ${index + 1} e-mail` : 'Guardian e-mail',
                  <GuardianEmail email={email} />,
                ])
              : [['Guardian e-mail', NONE] as [string, ReactNode]]),
            ...student.emergencyContacts.map((contact, index): [string, ReactNode] => [
              `Emergency contact ${index + 1}`,
              <EmergencyContactLine contact={contact} />,
            ]),
            ...student.pickupAdults.map((adult, index): [string, ReactNode] => [
              `Pick-up adult ${index + 1}`,
              <EmergencyContactLine contact={adult} />,
            ]),
            ...(student.pickupAdults.length === 0 ? [['Pick-up adults', NONE] as [string, string]] : []),
            ['Details confirmed', detailsConfirmedLabel(student.detailsConfirmedAt, timeZone)],
          ]}
        />
        <Section
          title="Health"
          items={[
            ['Allergies', student.allergies || NONE],
            ['Medications', student.medications || NONE],
            ['Medical notes', student.medicalNotes || NONE],
          ]}
        />
        <Section title="Photos" items={[['Photo consent', photoConsentLabel(student.photoConsent)]]} />
        <Section
          title="Policies accepted"
          items={
            row.acceptances?.length
              ? row.acceptances.map((acceptance, index): [string, string] => [
                  `${index + 1}.`,
                  acceptanceLine(acceptance, timeZone),
                ])
              : [['Policies accepted', NONE]]
          }
        />
        <SheetAttendance
          studentId={student.id}
          name={fullName(student)}
          classIds={row.classes.filter((cls) => cls.status === 'enrolled').map((cls) => cls.classId)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
