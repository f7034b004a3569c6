// One child on a meeting's roster: what keeps the child safe today (health notes first, then whom to call and
// who may take the child home), and the marks, each kept on the phone as it is made.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { AttendanceMark, ClassDayChild } from '@contract/classDay';
import { answerText } from '@contract/records';
import { childAtMeeting, keepMark, lastMarks } from '../api/classDayOnDevice';
import { CheckOutDialog } from './CheckOutDialog';
import { markText, newMark } from './classDay';
import { useKeptOnDevice } from './markSender';

interface ChildCardProps {
  sub: string;
  meeting: { classId: string; date: string };
  child: ClassDayChild;
}

export function ChildCard({ sub, meeting, child }: ChildCardProps) {
  const headingId = useId();
  const name = `${child.firstName} ${child.lastName}`;
  const [checkingOut, setCheckingOut] = useState(false);
  const last = useKeptOnDevice(() => lastMarks(sub)[childAtMeeting({ ...meeting, studentId: child.studentId })]);
  const absence = child.absences.find((reported) => reported.date === meeting.date);
  const mark = (made: Parameters<typeof newMark>[2]) => keepMark(sub, newMark(meeting, child.studentId, made));
  const health = [
    ['Allergies', child.allergies],
    ['Medications', child.medications],
    ['Medical notes', child.medicalNotes],
  ].filter((note): note is [string, string] => !!note[1]);
  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {name}
        </Typography>
        <Chip
          size="small"
          color={child.photoConsent ? 'default' : 'warning'}
          label={child.photoConsent ? 'Photos allowed' : 'No photos'}
        />
      </Stack>
      <Stack spacing={1}>
        {absence && <Alert severity="info">Reported absent: {absence.note}</Alert>}
        {health.length > 0 && (
          <Alert severity="warning" icon={false}>
            {health.map(([label, text]) => (
              <Typography key={label} sx={{ whiteSpace: 'pre-line' }}>
                <strong>{label}:</strong> {text}
              </Typography>
            ))}
          </Alert>
        )}
        <Facts title="Emergency contacts">
          {child.emergencyContacts.map((contact) => (
            <li key={`${contact.name}${contact.phone}`}>
              {contact.name}
              {contact.relationship && ` (${contact.relationship})`}:{' '}
              <Link href={`tel:${contact.phone}`}>{contact.phone}</Link>
            </li>
          ))}
        </Facts>
        <Facts title="May pick up">
          {child.pickupAdults.length === 0 ? (
            <li>Nobody is listed: a check-out needs a reason.</li>
          ) : (
            child.pickupAdults.map((adult) => (
              <li key={adult.name}>
                {adult.name} ({adult.relationship}): <Link href={`tel:${adult.phone}`}>{adult.phone}</Link>
              </li>
            ))
          )}
        </Facts>
        {child.answers.length > 0 && (
          <Facts title="Answers">
            {child.answers.map((answer) => (
              <li key={answer.questionId}>
                {answer.label}: {answerText(answer.value)}
              </li>
            ))}
          </Facts>
        )}
        <Typography color="text.secondary">
          {last ? `Last mark here: ${markText(last)}` : 'No mark made here yet.'}
        </Typography>
        <MarkButtons
          name={child.firstName}
          onMark={(kind) => (kind === 'checkOut' ? setCheckingOut(true) : mark({ kind }))}
        />
      </Stack>
      {checkingOut && (
        <CheckOutDialog
          name={name}
          pickupAdults={child.pickupAdults}
          onCheckOut={(made) => mark({ kind: 'checkOut', ...made })}
          onClose={() => setCheckingOut(false)}
        />
      )}
    </Paper>
  );
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography component="ul" sx={{ m: 0, pl: 2.5 }}>
        {children}
      </Typography>
    </div>
  );
}

const BUTTONS: Array<[AttendanceMark['kind'], string]> = [
  ['present', 'Present'],
  ['absent', 'Absent'],
  ['checkIn', 'Check in'],
  ['checkOut', 'Check out'],
];

/** The marks, each named with the child's first name for a screen reader: "Check in Ben". */
function MarkButtons({ name, onMark }: { name: string; onMark: (kind: AttendanceMark['kind']) => void }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {BUTTONS.map(([kind, label]) => (
        <Button
          key={kind}
          variant={kind === 'checkIn' || kind === 'checkOut' ? 'contained' : 'outlined'}
          aria-label={`${label} ${name}`}
          {...(kind === 'checkOut' && { 'aria-haspopup': 'dialog' as const })}
          onClick={() => onMark(kind)}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
