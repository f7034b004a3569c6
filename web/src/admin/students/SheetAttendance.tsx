// The Attendance of a student's sheet: each meeting of each class the child is enrolled in, with every mark the
// instructors made in the order made (what, when, by whom) and the absence its family reported. The marks
// themselves, not what they come to: the sheet is the record of what happened. One call for the whole sheet
// (studentAttendance), worded as the office's meeting view words them (AttendanceMarks). Printed with the sheet.
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FunctionResult } from '@contract/manifest';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { dateLabel } from '../../layout/schedule';
import { Waiting } from '../../layout/Waiting';
import { ListTable } from '../ListTable';
import { AttendanceMarks } from '../instructors/AttendanceMarks';

type ClassRecord = FunctionResult<'studentAttendance'>['classes'][number];
type StudentMeeting = ClassRecord['meetings'][number];

const recorded = (meeting: StudentMeeting) => meeting.events.length > 0 || meeting.absence !== undefined;
const anyRecorded = (cls: ClassRecord) => cls.meetings.some(recorded);

/** `classIds`: the classes the child is enrolled in (a waitlist place has no meetings to attend). */
export function SheetAttendance({
  studentId,
  name,
  classIds,
}: {
  studentId: string;
  name: string;
  classIds: string[];
}) {
  const attendance = useFunction('studentAttendance', { studentId, classIds }, { enabled: classIds.length > 0 });
  const classes = attendance.data?.classes ?? [];
  return (
    <section aria-labelledby="sheet-attendance">
      <Typography id="sheet-attendance" variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mt: 2 }}>
        Attendance
      </Typography>
      {classIds.length > 0 && attendance.isPending ? (
        <Waiting />
      ) : attendance.isError ? (
        <LoadFailure what="The attendance" error={attendance.error} onRetry={() => void attendance.refetch()} />
      ) : classes.some(anyRecorded) ? (
        classes.map((cls) => <ClassMeetings key={cls.classId} name={name} cls={cls} />)
      ) : (
        <NothingYet />
      )}
    </section>
  );
}

const NothingYet = () => (
  <Typography variant="body2" sx={{ my: 1 }}>
    No attendance recorded yet.
  </Typography>
);

function ClassMeetings({ name, cls }: { name: string; cls: ClassRecord }) {
  return (
    <>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 'bold', mt: 1.5, mb: 0.5 }}>
        {cls.className}
      </Typography>
      {!anyRecorded(cls) ? (
        <NothingYet />
      ) : (
        <ListTable label={`Attendance of ${name} in ${cls.className}`} columns={['Meeting', 'What happened']}>
          {cls.meetings.map((meeting) => (
            <TableRow key={meeting.date} sx={{ breakInside: 'avoid' }}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {dateLabel(meeting.date)}
              </TableCell>
              {/* An address wraps where it must: on a phone the marks stay in the screen's width. */}
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {recorded(meeting) ? (
                  <AttendanceMarks events={meeting.events} absenceNote={meeting.absence?.note} />
                ) : (
                  'No mark'
                )}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </>
  );
}
