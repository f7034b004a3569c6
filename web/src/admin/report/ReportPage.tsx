// /admin/report, Class Forms and Contacts: the printable roster and waitlist of every class of a semester,
// or of one class (`?classId=`, as the dashboard links), with each student's details, contacts and health
// notes; printed one class per page, or exported to CSV.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { SemesterPicker } from '../SemesterPicker';
import { useChosenSemester } from '../useSemesterParam';
import { PrintStyles, screenOnly } from './PrintStyles';
import { SemesterReport } from './SemesterReport';
import { printoutOf, type Printout } from './printout';
import { PageTitle } from '../../layout/PageTitle';

/** The semester of the class the link named, so the picker can show it. */
function ClassSemester({
  classId,
  onFound,
  onShowAll,
}: {
  classId: string;
  onFound: (semester: Semester) => void;
  onShowAll: () => void;
}) {
  const classQuery = useFunction('classes', { query: [{ id: classId }] });
  const semesters = useFunction('semesters');
  const semesterId =
    classQuery.data && !Array.isArray(classQuery.data.classes) ? Object.keys(classQuery.data.classes)[0] : undefined;
  const semester = semesters.data?.semesters.find((candidate) => candidate.id === semesterId);
  useEffect(() => {
    if (semester) onFound(semester);
  }, [semester, onFound]);
  const failed = classQuery.isError ? classQuery : semesters.isError ? semesters : undefined;
  if (failed) return <LoadFailure what="The class" error={failed.error} onRetry={() => void failed.refetch()} />;
  if (classQuery.isSuccess && !semesterId)
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onShowAll}>
            Show all classes
          </Button>
        }
      >
        There is no class {classId}.
      </Alert>
    );
  return <Waiting />;
}

export function ReportPage() {
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? undefined;
  // Choosing another semester also drops the class (useSemesterParam), as a class belongs to one semester.
  const [semester, chooseSemester, semesterId] = useChosenSemester();
  const setParam = useCallback(
    (name: 'classId' | 'semesterId' | 'printout', value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const chooseClass = useCallback((id: string | undefined) => setParam('classId', id), [setParam]);
  const printout = printoutOf(params.get('printout'));
  const choosePrintout = useCallback(
    (chosen: Printout) => setParam('printout', chosen === 'forms' ? undefined : chosen),
    [setParam],
  );
  // A link to a class of another semester: find that semester first, keeping the class.
  const classElsewhere = useCallback(() => setParam('semesterId', undefined), [setParam]);
  const classFound = useCallback((semester: Semester) => setParam('semesterId', semester.id), [setParam]);

  return (
    <Stack spacing={3}>
      <PrintStyles />
      <Box sx={screenOnly}>
        <PageTitle
          title="Class Forms and Contacts"
          summary="Each class's roster and waitlist with the students' details, emergency contacts and health notes, or its attendance sheet (a column per meeting): print them, each page saying its class, semester and page number, or export to CSV."
        />
      </Box>
      {classId && !semesterId ? (
        <ClassSemester classId={classId} onFound={classFound} onShowAll={() => chooseClass(undefined)} />
      ) : (
        // The semester report's controls join the picker's row; its rosters take the full width below.
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={screenOnly}>
            <SemesterPicker value={semesterId} onChange={chooseSemester} />
          </Box>
          {semester && (
            <SemesterReport
              key={semester.id}
              semester={semester}
              classId={classId}
              onClass={chooseClass}
              printout={printout}
              onPrintout={choosePrintout}
              onClassElsewhere={classElsewhere}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}
