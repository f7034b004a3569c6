// /admin/students, Student Info Sheets: every student of a semester in a table to sort, filter and search
// (it draws only the rows in view, so 1,500 students stay quick), each student's whole sheet a click away,
// and the rows the table shows exported to CSV.
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, gridFilteredSortedRowEntriesSelector, useGridApiRef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { LoadFailure } from '../../layout/LoadFailure';
import { useMomentText, useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { csvFileName, downloadCsv } from '../csv';
import { SemesterPicker } from '../SemesterPicker';
import { useSemesterEnrollments } from '../useSemesterEnrollments';
import { useChosenSemester } from '../useSemesterParam';
import { useSizeLabel } from '../tshirts/useSizeLabel';
import { studentsCsv, studentsOf, type StudentRow } from './semesterStudents';
import { HIDDEN_AT_FIRST, studentColumns } from './studentColumns';
import { StudentSheetDialog } from './StudentSheetDialog';
import { PageTitle } from '../../layout/PageTitle';

export function StudentsPage() {
  const [semester, setSemester, semesterId] = useChosenSemester();
  const { enrollments, loading, error, reload } = useSemesterEnrollments(semester?.id);
  const rows = useMemo(() => studentsOf(enrollments), [enrollments]);
  const sizeLabel = useSizeLabel();
  const [sheet, setSheet] = useState<StudentRow>();
  const moment = useMomentText();
  const timeZone = useProgrammeTimeZone();
  const columns = useMemo(() => studentColumns(setSheet, sizeLabel, moment, timeZone), [sizeLabel, moment, timeZone]);
  const grid = useGridApiRef();

  const exportCsv = () => {
    const shown = gridFilteredSortedRowEntriesSelector(grid).map((entry) => entry.model as StudentRow);
    downloadCsv(csvFileName(`${semester?.name ?? 'semester'} students`), studentsCsv(shown, sizeLabel, timeZone));
  };

  return (
    <Stack spacing={3}>
      <PageTitle
        title="Student Info Sheets"
        summary="Every student enrolled or waitlisted in the semester. Choose a name to see the whole sheet."
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SemesterPicker value={semesterId} onChange={setSemester} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={loading || rows.length === 0}
          onClick={exportCsv}
        >
          Export CSV
        </Button>
      </Stack>
      {error && <LoadFailure what="The students" error={error} onRetry={reload} />}
      {loading && !error && (
        <Stack spacing={0.5}>
          <Typography variant="body2" color="text.secondary" id="students-progress">
            Loading students… {rows.length} so far
          </Typography>
          <LinearProgress aria-labelledby="students-progress" />
        </Stack>
      )}
      <Box sx={{ height: 'min(75vh, 900px)', minHeight: 420 }}>
        <DataGrid
          apiRef={grid}
          rows={rows}
          columns={columns}
          label="Students"
          showToolbar
          density="compact"
          loading={loading && rows.length === 0 && !error}
          initialState={{
            columns: { columnVisibilityModel: HIDDEN_AT_FIRST },
            pagination: { paginationModel: { pageSize: 100 } },
          }}
          pageSizeOptions={[25, 50, 100]}
          disableRowSelectionOnClick
          onRowClick={({ row }) => setSheet(row)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') setSheet(row);
          }}
          localeText={{
            noRowsLabel: semester ? `No students are enrolled in ${semester.name} yet.` : 'No students yet.',
          }}
          slotProps={{
            toolbar: { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } },
          }}
          // Names and classes wrap instead of being cut off: they are what tells the rows apart.
          getRowHeight={() => 'auto'}
          sx={{
            bgcolor: 'background.paper',
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35, py: 0.75 },
          }}
        />
      </Box>
      {sheet && <StudentSheetDialog row={sheet} sizeLabel={sizeLabel} onClose={() => setSheet(undefined)} />}
    </Stack>
  );
}
