// My Enrollments → Attendance: what the instructors marked for each of the family's children, class by class and
// meeting by meeting (present or absent, when checked in and out, and to whom), and the absences the family
// reported. Only meetings with something marked or reported are listed.
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MeetingRecord } from '@contract/classDay';
import { clockText, dateLabel, wallClockOf } from '@contract/moments';
import { useFunction } from '../api/queries';
import { LoadFailure } from '../layout/LoadFailure';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { Section } from '../layout/Section';
import { Waiting } from '../layout/Waiting';

const marked = (record: MeetingRecord) =>
  record.attended !== undefined || record.checkedInAt !== undefined || record.absence !== undefined;

export function AttendanceSection() {
  const attendance = useFunction('myAttendance', {});
  const timeZone = useProgrammeTimeZone();
  const clock = (iso: string) => clockText(wallClockOf(iso, timeZone).slice(11));
  const children = attendance.data?.children.filter((child) => child.classes.length > 0) ?? [];
  if (attendance.isSuccess && children.length === 0) return null;
  return (
    <Section title="Attendance">
      {attendance.isPending && <Waiting />}
      {attendance.isError && (
        <LoadFailure what="The attendance" error={attendance.error} onRetry={() => void attendance.refetch()} />
      )}
      {children.flatMap((child) =>
        child.classes.map((cls) => {
          const records = cls.meetings.filter(marked);
          const title = `${child.name} in ${cls.className}`;
          return (
            <div key={`${child.studentId}/${cls.classId}`}>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
                {title}
              </Typography>
              {records.length === 0 ? (
                <Alert severity="info" variant="outlined">
                  Nothing marked or reported yet.
                </Alert>
              ) : (
                <Table size="small" aria-label={`Attendance of ${title}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Meeting</TableCell>
                      <TableCell>Marked</TableCell>
                      <TableCell>Checked in</TableCell>
                      <TableCell>Checked out</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {records.map((record) => (
                      <TableRow key={record.date}>
                        <TableCell>{dateLabel(record.date)}</TableCell>
                        <TableCell>
                          {record.attended === 'present' ? 'Present' : record.attended === 'absent' ? 'Absent' : '—'}
                          {record.absence && ` (you reported: ${record.absence.note})`}
                        </TableCell>
                        <TableCell>{record.checkedInAt ? clock(record.checkedInAt) : '—'}</TableCell>
                        <TableCell>
                          {record.checkedOutAt ? `${clock(record.checkedOutAt)}, to ${record.pickedUpBy}` : '—'}
                          {record.flagged && ' (not on the pick-up list: the office was told)'}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
          );
        }),
      )}
    </Section>
  );
}
