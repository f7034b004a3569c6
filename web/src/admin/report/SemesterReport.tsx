// The chosen semester's printouts: the class choice, forms and contacts or attendance sheets, Print and Export
// CSV (once every roster is in), and one section per class, each with its page header on paper.
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { Waiting } from '../../layout/Waiting';
import { csvFileName, downloadCsv } from '../csv';
import { useSizeLabel } from '../tshirts/useSizeLabel';
import { ClassRoster } from './ClassRoster';
import { screenOnly } from './PrintStyles';
import { rostersCsv, type Roster } from './roster';
import { useRosters } from './useRosters';
import { PageHeaders } from './PageHeaders';
import { pageName, type Printout } from './printout';

const ALL_CLASSES = 'all';

interface Props {
  semester: Semester;
  classId: string | undefined;
  onClass: (classId: string | undefined) => void;
  printout: Printout;
  onPrintout: (printout: Printout) => void;
  /** The class asked for is not one of this semester's. */
  onClassElsewhere: () => void;
}

export function SemesterReport({ semester, classId, onClass, printout, onPrintout, onClassElsewhere }: Props) {
  const classes = useFunction('classesBySemester', { semesters: [semester.id] });
  const list = classes.data?.classes[semester.id] ?? [];
  const elsewhere = classes.isSuccess && classId !== undefined && !list.some((cls) => cls.id === classId);
  useEffect(() => {
    if (elsewhere) onClassElsewhere();
  }, [elsewhere, onClassElsewhere]);

  const shown = classId ? list.filter((cls) => cls.id === classId) : list;
  const rosters = useRosters(shown.map((cls) => cls.id));
  const sizeLabel = useSizeLabel();
  const timeZone = useProgrammeTimeZone();
  const loaded = rosters.flatMap(({ data }): Roster[] => (data ? [data] : []));
  const ready = shown.length > 0 && loaded.length === shown.length;
  const exportCsv = () =>
    downloadCsv(
      csvFileName(`${classId && shown[0] ? shown[0].name : semester.name} forms and contacts`),
      rostersCsv(loaded, sizeLabel, timeZone),
    );

  return (
    <>
      <TextField
        select
        size="small"
        label="Class"
        value={classId && !elsewhere ? classId : ALL_CLASSES}
        onChange={(event) => onClass(event.target.value === ALL_CLASSES ? undefined : event.target.value)}
        disabled={!classes.isSuccess}
        sx={{ minWidth: 240, maxWidth: '100%', ...screenOnly }}
      >
        <MenuItem value={ALL_CLASSES}>All classes ({list.length})</MenuItem>
        {list.map((cls) => (
          <MenuItem key={cls.id} value={cls.id}>
            {cls.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Printout"
        value={printout}
        onChange={(event) => onPrintout(event.target.value as Printout)}
        sx={{ minWidth: 220, ...screenOnly }}
      >
        <MenuItem value="forms">Forms and contacts</MenuItem>
        <MenuItem value="attendance">Attendance sheets</MenuItem>
      </TextField>
      <PageHeaders
        classes={shown.map((cls, index) => ({ page: pageName(index), className: cls.name }))}
        semesterName={semester.name}
        printout={printout}
      />
      <Stack direction="row" spacing={1} sx={screenOnly}>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!ready} onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!ready} onClick={exportCsv}>
          Export CSV
        </Button>
      </Stack>
      <Stack spacing={3} sx={{ flexBasis: '100%', minWidth: 0 }}>
        {classes.isPending && <Waiting />}
        {classes.isError && (
          <LoadFailure what="The classes" error={classes.error} onRetry={() => void classes.refetch()} />
        )}
        {classes.isSuccess && list.length === 0 && <Alert severity="info">{semester.name} has no classes yet.</Alert>}
        {shown.length > 1 && !ready && (
          <Stack spacing={0.5} sx={screenOnly}>
            <Typography variant="body2" color="text.secondary" id="roster-progress">
              Loaded {loaded.length} of {shown.length} classes
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(100 * loaded.length) / shown.length}
              aria-labelledby="roster-progress"
            />
          </Stack>
        )}
        {shown.map((cls, index) => {
          const { data, error, isFetching, refetch } = rosters[index]!;
          return (
            <ClassRoster
              key={cls.id}
              cls={cls}
              printout={printout}
              page={pageName(index)}
              roster={data}
              failure={isFetching ? null : error}
              onRetry={refetch}
              sizeLabel={sizeLabel}
            />
          );
        })}
      </Stack>
    </>
  );
}
