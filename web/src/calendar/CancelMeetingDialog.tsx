// An administrator cancels one meeting (weather): a word for the families, a confirmation, and the families
// of the class are told in the same step.
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { CalendarEvent } from '@contract/records';
import { useChange } from '../api/changes';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { useToast } from '../layout/toast';
import { meetingTime } from './meetings';

export function CancelMeetingDialog({ meeting, onDone }: { meeting: CalendarEvent; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [noteEs, setNoteEs] = useState('');
  const show = useToast();
  const timeZone = useProgrammeTimeZone();
  const cancelMeeting = useChange('cancelMeeting');
  return (
    <ConfirmDialog
      title={`Cancel ${meeting.title} on ${meetingTime(meeting, timeZone)}?`}
      confirmLabel="Cancel the meeting and tell the families"
      keepLabel="Keep it"
      busyLabel="Cancelling…"
      destructive
      onClose={onDone}
      action={async () => {
        await cancelMeeting.mutateAsync({
          classId: meeting.classId,
          date: meeting.start.slice(0, 10),
          start: meeting.start.slice(11, 16),
          ...(note.trim() && { note: note.trim() }),
          ...(noteEs.trim() && { es: { note: noteEs.trim() } }),
        });
        show({ severity: 'success', detail: `The meeting is cancelled; the families of ${meeting.title} are told.` });
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        The meeting stays on the calendar and in its feed, marked cancelled. Every family of the class gets one e-mail
        saying so.
      </DialogContentText>
      <TextField
        label="Why, for the families (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
        helperText="For example: The road to the ice park is closed by snow."
      />
      <TextField
        label="Why, for the families, in Spanish (optional)"
        value={noteEs}
        onChange={(event) => setNoteEs(event.target.value)}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 300 } }}
        helperText='Families reading Spanish see the English when this is empty, marked "in English".'
      />
    </ConfirmDialog>
  );
}
