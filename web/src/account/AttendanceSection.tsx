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
import { useFunction } from '../api/queries';
import { useI18n } from '../i18n/enrollments';
import { useFormat } from '../i18n/format';
import { LoadFailure } from '../layout/LoadFailure';
import { Section } from '../layout/Section';
import { Waiting } from '../layout/Waiting';

const marked = (record: MeetingRecord) =>
  record.attended !== undefined || record.checkedInAt !== undefined || record.absence !== undefined;

/** A date alone (YYYY-MM-DD): "Jan 17, 2027" / "17 ene 2027". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
/** A time of day on the programme's clock: "9:02 AM" / "9:02". */
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

export function AttendanceSection() {
  const attendance = useFunction('myAttendance', {});
  const { t } = useI18n();
  const format = useFormat();
  const clock = (iso: string) => format.moment(iso, CLOCK);
  const day = (date: string) => format.moment(`${date}T00:00:00Z`, DATE_ALONE);
  const children = attendance.data?.children.filter((child) => child.classes.length > 0) ?? [];
  if (attendance.isSuccess && children.length === 0) return null;
  return (
    <Section title={t('enrollments.attendance.title')}>
      {attendance.isPending && <Waiting />}
      {attendance.isError && (
        <LoadFailure
          what={t('enrollments.attendance.loadWhat')}
          error={attendance.error}
          onRetry={() => void attendance.refetch()}
        />
      )}
      {children.flatMap((child) =>
        child.classes.map((cls) => {
          const records = cls.meetings.filter(marked);
          const names = { student: child.name, className: cls.className };
          return (
            <div key={`${child.studentId}/${cls.classId}`}>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
                {t('enrollments.attendance.class', names)}
              </Typography>
              {records.length === 0 ? (
                <Alert severity="info" variant="outlined">
                  {t('enrollments.attendance.nothing')}
                </Alert>
              ) : (
                <Table size="small" aria-label={t('enrollments.attendance.table', names)}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('enrollments.attendance.meeting')}</TableCell>
                      <TableCell>{t('enrollments.attendance.marked')}</TableCell>
                      <TableCell>{t('enrollments.attendance.checkedIn')}</TableCell>
                      <TableCell>{t('enrollments.attendance.checkedOut')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {records.map((record) => (
                      <TableRow key={record.date}>
                        <TableCell>{day(record.date)}</TableCell>
                        <TableCell>
                          {record.absence
                            ? t('enrollments.attendance.markReported', {
                                attended: record.attended ?? 'none',
                                note: record.absence.note,
                              })
                            : t('enrollments.attendance.mark', { attended: record.attended ?? 'none' })}
                        </TableCell>
                        <TableCell>{record.checkedInAt ? clock(record.checkedInAt) : '—'}</TableCell>
                        <TableCell>
                          {record.checkedOutAt
                            ? t(record.flagged ? 'enrollments.attendance.outFlagged' : 'enrollments.attendance.out', {
                                time: clock(record.checkedOutAt),
                                person: record.pickedUpBy ?? '',
                              })
                            : record.flagged
                              ? t('enrollments.attendance.noneFlagged')
                              : '—'}
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
