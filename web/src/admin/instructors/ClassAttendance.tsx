// A class's attendance over time, for the office's report: a row per child, a column per meeting, each cell what
// the marks came to (present, absent, the absence the family reported, a check-out to an adult off the list);
// printable, and as CSV with a row per child and meeting (in, out and to whom).
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MeetingRecord } from '@contract/classDay';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { shortDate } from '../../layout/schedule';
import { Waiting } from '../../layout/Waiting';
import { ListTable } from '../ListTable';
import { PrintAndCsv } from './PrintAndCsv';
import { classAttendanceCsv } from './attendanceCsv';

/** A meeting's record in a word or two: "Present", "Absent", "Reported absent", with a flag for the office. */
function recordText(record: MeetingRecord): string {
  const attended =
    record.attended === 'present'
      ? 'Present'
      : record.attended === 'absent'
        ? 'Absent'
        : record.absence
          ? 'Reported absent'
          : '';
  return `${attended}${record.flagged ? ' (check-out off the list)' : ''}`;
}

export function ClassAttendance({ classId }: { classId: string }) {
  const attendance = useFunction('classAttendance', { classId });
  if (attendance.isPending) return <Waiting />;
  if (attendance.isError)
    return <LoadFailure what="The attendance" error={attendance.error} onRetry={() => void attendance.refetch()} />;
  const { class: cls, days, children } = attendance.data;
  return (
    <Stack spacing={2}>
      <PrintAndCsv title={cls.name} csv={() => classAttendanceCsv(children)} />
      {children.length === 0 ? (
        <Typography>No child is enrolled in this class.</Typography>
      ) : (
        <ListTable label={`Attendance of ${cls.name}, every meeting`} columns={['Child', ...days.map(shortDate)]}>
          {children.map((child) => (
            <TableRow key={child.studentId}>
              <TableCell component="th" scope="row">
                {child.name}
              </TableCell>
              {child.meetings.map((record) => (
                <TableCell key={record.date}>{recordText(record)}</TableCell>
              ))}
            </TableRow>
          ))}
        </ListTable>
      )}
    </Stack>
  );
}
