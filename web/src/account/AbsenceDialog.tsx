// A family tells the instructors ahead that its child will miss a meeting ("Ben is sick today"): the note shows on
// the instructors' roster and to the office, and the family gets an e-mail confirming it. A second report for the
// same meeting replaces the first.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { dateLabel, meetingHours } from '@contract/moments';
import type { Meeting, NamedEnrollment } from '@contract/records';
import { useChange } from '../api/changes';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useToast } from '../layout/toast';

/** The longest note, as the contract allows it. */
const NOTE_LENGTH = 200;

interface AbsenceDialogProps {
  enrollment: NamedEnrollment;
  /** The class's meetings to come, not cancelled. */
  meetings: Meeting[];
  onClose: () => void;
}

export function AbsenceDialog({ enrollment, meetings, onClose }: AbsenceDialogProps) {
  const report = useChange('reportAbsence');
  const show = useToast();
  const [date, setDate] = useState(meetings[0]?.date ?? '');
  const [note, setNote] = useState('');
  const first = enrollment.studentName.split(' ')[0];
  return (
    <ConfirmDialog
      title={`Report an absence: ${enrollment.studentName}`}
      confirmLabel="Report the absence"
      keepLabel="Cancel"
      busyLabel="Reporting…"
      confirmDisabled={!date || !note.trim()}
      action={async () => {
        await report.mutateAsync({
          classId: enrollment.classId,
          studentId: enrollment.studentId,
          date,
          note: note.trim(),
        });
        show({
          severity: 'success',
          summary: 'Absence reported',
          detail: `The instructors of ${enrollment.className} see it on their roster for ${dateLabel(date)}.`,
        });
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField select label="Meeting" value={date} onChange={(event) => setDate(event.target.value)} required>
          {meetings.map((meeting) => (
            <MenuItem key={meeting.date} value={meeting.date}>
              {dateLabel(meeting.date)}, {meetingHours(meeting)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="A short note for the instructors"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          required
          helperText={`For instance: ${first} is sick today.`}
          slotProps={{ htmlInput: { maxLength: NOTE_LENGTH } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
