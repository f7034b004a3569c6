// Shirts to order for a semester: enrolled students by size per class, the semester's row counting each
// student once, and the same table as CSV.
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { csvFileName, downloadCsv } from '../csv';
import { SemesterPicker } from '../SemesterPicker';
import { useChosenSemester } from '../useSemesterParam';
import { countOf, countRows, countsCsv, sizeColumns, total, type CountRow, type SizeColumn } from './shirtCounts';
import { ScrollingTable } from '../ScrollingTable';

// The class names stay in view while a wide table scrolls sideways on a tablet.
const stickyFirst = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

function CountCells({ row, columns }: { row: CountRow; columns: SizeColumn[] }) {
  return (
    <>
      <TableCell component="th" scope="row" sx={{ ...stickyFirst, minWidth: 160 }}>
        {row.name}
      </TableCell>
      {columns.map((column) => (
        <TableCell
          key={column.code}
          align="right"
          sx={{ color: countOf(row.counts, column.code) ? undefined : 'text.secondary' }}
        >
          {countOf(row.counts, column.code)}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ fontWeight: 'bold' }}>
        {total(row.counts)}
      </TableCell>
    </>
  );
}

function SemesterCounts({ semester }: { semester: Semester }) {
  const counts = useFunction('tshirtCounts', { semesterId: semester.id });
  if (counts.isPending) return <Waiting />;
  if (counts.isError)
    return <LoadFailure what="The t-shirt counts" error={counts.error} onRetry={() => void counts.refetch()} />;
  if (counts.data.classes.length === 0) return <Alert severity="info">{semester.name} has no classes yet.</Alert>;
  const columns = sizeColumns(counts.data);
  const { classRows, semesterRow } = countRows(counts.data);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadCsv(csvFileName(`${semester.name} t-shirt counts`), countsCsv([...classRows, semesterRow], columns))
          }
        >
          Export CSV
        </Button>
        <Typography variant="body2" color="text.secondary">
          Enrolled students only (not the waitlist). A student in several classes counts in each class and once in the
          semester's row.
        </Typography>
      </Stack>
      {total(semesterRow.counts) === 0 && <Alert severity="info">No student is enrolled in {semester.name} yet.</Alert>}
      <ScrollingTable label={`T-shirt counts of ${semester.name}`} outlined>
        <TableHead>
          <TableRow>
            <TableCell sx={stickyFirst}>Class</TableCell>
            {columns.map((column) => (
              <TableCell key={column.code} align="right">
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {classRows.map((row) => (
            <TableRow key={row.key} hover>
              <CountCells row={row} columns={columns} />
            </TableRow>
          ))}
        </TableBody>
        <TableFooter
          sx={{
            '& td, & th': {
              fontWeight: 'bold',
              fontSize: '0.875rem',
              color: 'text.primary',
              borderTop: 2,
              borderColor: 'divider',
            },
          }}
        >
          <TableRow>
            <CountCells row={semesterRow} columns={columns} />
          </TableRow>
        </TableFooter>
      </ScrollingTable>
    </Stack>
  );
}

export function ShirtCountsView() {
  const [semester, setSemester, semesterId] = useChosenSemester();
  return (
    <Stack spacing={2}>
      <div>
        <SemesterPicker value={semesterId} onChange={setSemester} />
      </div>
      {semester && <SemesterCounts key={semester.id} semester={semester} />}
    </Stack>
  );
}
