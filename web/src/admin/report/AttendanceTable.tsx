// A class's attendance sheet: its enrolled students by name down the side, one column per meeting date, and a
// box in each to tick on the day.
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Class, RosterEntry } from '@contract/records';
import { shortDate } from '../../layout/schedule';
import { listName } from '../students/studentSheet';
import { ScrollingTable } from '../ScrollingTable';

// A box a pen ticks: on paper 4.5 mm, in rows just taller, so a class of 25 fits one landscape page.
const box = {
  width: '1.1em',
  height: '1.1em',
  border: '1px solid',
  borderColor: 'text.primary',
  mx: 'auto',
  '@media print': { width: '4.5mm', height: '4.5mm' },
} as const;

export function AttendanceTable({ cls, entries }: { cls: Class; entries: RosterEntry[] }) {
  const dates = [...new Set(cls.meetings.map((meeting) => meeting.date))].sort();
  if (dates.length === 0) return <Typography color="text.secondary">No meetings are scheduled yet.</Typography>;
  if (entries.length === 0) return <Typography color="text.secondary">No students enrolled yet.</Typography>;
  return (
    <ScrollingTable
      label={`Attendance of ${cls.name}`}
      sx={{ '& td, & th': { px: 0.75 }, '@media print': { '& td, & th': { py: '1mm', borderColor: '#999' } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '2em' }}>#</TableCell>
          <TableCell sx={{ minWidth: 160 }}>Student</TableCell>
          {dates.map((date) => (
            <TableCell key={date} align="center" sx={{ whiteSpace: 'nowrap' }}>
              {shortDate(date)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry, index) => (
          <TableRow key={entry.enrollmentId} sx={{ breakInside: 'avoid' }}>
            <TableCell>{index + 1}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{listName(entry.student)}</TableCell>
            {dates.map((date) => (
              <TableCell key={date} align="center" aria-label={`${listName(entry.student)}, ${shortDate(date)}`}>
                <Box sx={box} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
