// A meeting's attendance as the office reads it: each child's marks in the order made (every instructor's), the
// absence the family reported, whether the child is checked in now, and the check-outs to an adult off the
// pick-up list, flagged; or, for "Every meeting", the class over time (ClassAttendance). Printable (the browser's
// print), and as CSV.
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Class } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { dateLabel } from '../../layout/schedule';
import { Section } from '../../layout/Section';
import { Waiting } from '../../layout/Waiting';
import { ListTable } from '../ListTable';
import { PrintAndCsv } from './PrintAndCsv';
import { screenOnly } from '../report/PrintStyles';
import { attendanceCsv } from './attendanceCsv';
import { AttendanceMarks } from './AttendanceMarks';
import { ClassAttendance } from './ClassAttendance';

/** The Meeting choice that shows the class over time. */
const EVERY_MEETING = 'every';

export function MeetingAttendanceSection({ classes }: { classes: Class[] }) {
  const [classId, setClassId] = useState('');
  const [date, setDate] = useState('');
  const meetings = classes.find((cls) => cls.id === classId)?.meetings ?? [];
  return (
    <Section title="Attendance">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, ...screenOnly }}>
        <TextField
          select
          size="small"
          label="Class"
          value={classId}
          onChange={(event) => {
            setClassId(event.target.value);
            setDate('');
          }}
          sx={{ minWidth: 220 }}
        >
          {classes.map((cls) => (
            <MenuItem key={cls.id} value={cls.id}>
              {cls.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Meeting"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          disabled={meetings.length === 0}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={EVERY_MEETING}>Every meeting</MenuItem>
          {meetings.map((meeting) => (
            <MenuItem key={meeting.date} value={meeting.date}>
              {dateLabel(meeting.date)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {classId && date === EVERY_MEETING ? (
        <ClassAttendance classId={classId} />
      ) : classId && date ? (
        <Attendance classId={classId} date={date} />
      ) : (
        <Typography>Choose a class and one of its meetings.</Typography>
      )}
    </Section>
  );
}

function Attendance({ classId, date }: { classId: string; date: string }) {
  const meeting = useFunction('meetingAttendance', { classId, date });
  if (meeting.isPending) return <Waiting />;
  if (meeting.isError)
    return <LoadFailure what="The attendance" error={meeting.error} onRetry={() => void meeting.refetch()} />;
  const { children } = meeting.data;
  const title = `${meeting.data.class.name}, ${dateLabel(date)}`;
  const flagged = children.flatMap((child) =>
    child.events.flatMap((event) => (event.kind === 'checkOut' && event.flagged ? [{ child, event }] : [])),
  );
  return (
    <Stack spacing={2}>
      <PrintAndCsv title={title} csv={() => attendanceCsv(children)} />
      {flagged.map(({ child, event }) => (
        <Alert key={event.key} severity="warning">
          {child.name} was checked out to {event.pickedUpBy}, who is not on the pick-up list: {event.reason}
        </Alert>
      ))}
      {children.length === 0 ? (
        <Typography>No child is enrolled in this class.</Typography>
      ) : (
        <ListTable label={`Attendance of ${title}`} columns={['Child', 'Now', 'Marks']}>
          {children.map((child) => (
            <TableRow key={child.studentId}>
              <TableCell component="th" scope="row">
                {child.name}
                {child.absence && (
                  <Typography variant="body2" color="text.secondary">
                    Reported absent: {child.absence.note}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{child.checkedIn ? 'Checked in' : ''}</TableCell>
              <TableCell>{child.events.length === 0 ? 'No mark' : <AttendanceMarks events={child.events} />}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </Stack>
  );
}
