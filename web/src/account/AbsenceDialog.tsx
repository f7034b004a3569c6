// A family tells the instructors ahead that its child will miss a meeting ("Ben is sick today"): the note shows on
// the instructors' roster and to the office, and the family gets an e-mail confirming it. A second report for the
// same meeting replaces the first.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Meeting, NamedEnrollment } from '@contract/records';
import { useChange } from '../api/changes';
import { useI18n } from '../i18n/enrollments';
import { useFormat } from '../i18n/format';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useToast } from '../layout/toast';

/** The longest note, as the contract allows it. */
const NOTE_LENGTH = 200;

/** A date alone (YYYY-MM-DD): "Jan 17, 2099" / "17 ene 2099". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
/** A meeting's wall-clock time ("13:30"), as the reader writes it: "1:30 PM" / "13:30". */
const WALL_CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };

interface AbsenceDialogProps {
  enrollment: NamedEnrollment;
  /** The class's meetings to come, not cancelled. */
  meetings: Meeting[];
  onClose: () => void;
}

export function AbsenceDialog({ enrollment, meetings, onClose }: AbsenceDialogProps) {
  const report = useChange('reportAbsence');
  const show = useToast();
  const { t } = useI18n();
  const format = useFormat();
  const day = (date: string) => format.moment(`${date}T00:00:00Z`, DATE_ALONE);
  const time = (wallClock: string) => format.moment(`2000-01-01T${wallClock}:00Z`, WALL_CLOCK);
  const [date, setDate] = useState(meetings[0]?.date ?? '');
  const [note, setNote] = useState('');
  const first = enrollment.studentName.split(' ')[0];
  return (
    <ConfirmDialog
      title={t('enrollments.absence.title', { student: enrollment.studentName })}
      confirmLabel={t('enrollments.absence.confirm')}
      keepLabel={t('enrollments.absence.keep')}
      busyLabel={t('enrollments.absence.busy')}
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
          summary: t('enrollments.absence.reported'),
          detail: t('enrollments.absence.reportedDetail', { className: enrollment.className, date: day(date) }),
        });
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('enrollments.absence.meeting')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
        >
          {meetings.map((meeting) => (
            <MenuItem key={meeting.date} value={meeting.date}>
              {t('enrollments.absence.meetingOption', {
                date: day(meeting.date),
                start: time(meeting.start),
                end: time(meeting.end),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('enrollments.absence.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          required
          helperText={t('enrollments.absence.noteExample', { first })}
          slotProps={{ htmlInput: { maxLength: NOTE_LENGTH } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
