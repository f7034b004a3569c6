// A semester's enrollments, filtered, with the actions and the CSV export. (Mount it once per semester.)
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SemesterEnrollment } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { byName } from '../classes/classLookup';
import { csvFileName, downloadCsv } from '../csv';
import { EnrollmentActionDialog } from './EnrollmentActionDialog';
import { enrollmentCsv } from './enrollmentCsv';
import { EnrollmentFilterBar } from './EnrollmentFilterBar';
import { filtersOf, matches, type EnrollmentFilters } from './enrollmentFilters';
import { EnrollmentGrid, type EnrollmentAction } from './EnrollmentGrid';
import { useSemesterEnrollments } from '../useSemesterEnrollments';
import { useGroupNames } from './useGroupNames';

export function EnrollmentsTab({ semesterId }: { semesterId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const classes = useFunction('classesBySemester', { semesters: [semesterId] });
  const semesters = useFunction('semesters');
  const { enrollments, loading, refreshing, error, reload } = useSemesterEnrollments(semesterId);
  const groupNames = useGroupNames(
    enrollments.flatMap((enrollment) => (enrollment.groupId ? [enrollment.groupId] : [])),
  );
  const [acting, setActing] = useState<{ action: EnrollmentAction; enrollment: SemesterEnrollment }>();
  const timeZone = useProgrammeTimeZone();

  const classList = classes.data && [...(classes.data.classes[semesterId] ?? [])].sort(byName);
  const rows = useMemo(
    () => enrollments.filter((enrollment) => matches(enrollment, filters)),
    [enrollments, filters.classId, filters.status, filters.student],
  );
  const onAction = useCallback(
    (action: EnrollmentAction, enrollment: SemesterEnrollment) => setActing({ action, enrollment }),
    [],
  );

  const changeFilters = ({ classId, status, student }: EnrollmentFilters) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of [
          ['classId', classId],
          ['status', status === 'active' ? undefined : status],
          ['student', student],
        ] as const) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  const exportCsv = () => {
    const semesterName = semesters.data?.semesters.find((semester) => semester.id === semesterId)?.name;
    const className = classList?.find((cls) => cls.id === filters.classId)?.name;
    downloadCsv(
      csvFileName([semesterName ?? 'semester', 'enrollments', className].filter(Boolean).join(' ')),
      enrollmentCsv(rows, groupNames, timeZone),
    );
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <EnrollmentFilterBar filters={filters} classes={classList} onChange={changeFilters} />
        <Button
          startIcon={<FileDownloadIcon />}
          onClick={exportCsv}
          disabled={loading || !!error || rows.length === 0}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          Export CSV
        </Button>
      </Stack>
      {classes.isError && (
        <LoadFailure what="The classes" error={classes.error} onRetry={() => void classes.refetch()} />
      )}
      {error && <LoadFailure what="The enrollments" error={error} onRetry={reload} />}
      {loading && (
        <div>
          <LinearProgress aria-label={refreshing ? 'Refreshing the enrollments' : 'Loading the enrollments'} />
          <Typography variant="body2" color="text.secondary">
            {refreshing ? 'Refreshing…' : `Loading enrollments… ${enrollments.length} so far`}
          </Typography>
        </div>
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {loading && !refreshing ? '' : `${rows.length} of ${enrollments.length} enrollments shown`}
      </Typography>
      <EnrollmentGrid
        rows={rows}
        groupNames={groupNames}
        loading={loading}
        emptyText={
          enrollments.length === 0 ? 'No enrollments in this semester yet.' : 'No enrollments match these filters.'
        }
        onAction={onAction}
      />
      {acting && (
        <EnrollmentActionDialog
          {...acting}
          classes={classList ?? []}
          groupName={acting.enrollment.groupId ? groupNames.get(acting.enrollment.groupId) : undefined}
          onClose={() => setActing(undefined)}
        />
      )}
    </Stack>
  );
}
