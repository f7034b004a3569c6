// /instructor/class/:classId/:date: one meeting's roster on the phone, loaded with signal and kept for the trail
// without. Every child with what keeps them safe today, and the marks the instructor makes, kept on the phone
// until the portal has them.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../api/session';
import { counted } from '../layout/counted';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { dateLabel } from '../layout/schedule';
import { Waiting } from '../layout/Waiting';
import { ChildCard } from './ChildCard';
import { FromPhone } from './classDay';
import { useInstallableClassDay } from './installable';
import { useKept } from './useKept';
import { WaitingMarks } from './WaitingMarks';

export function MeetingRosterPage() {
  useInstallableClassDay();
  const { classId = '', date = '' } = useParams();
  const sub = useAuth().user!.sub;
  const { query, data, fromPhone } = useKept(sub, 'classDayRoster', { classId });
  const back = (
    <Button component={RouterLink} to={paths.classDay} sx={{ alignSelf: 'flex-start' }}>
      All my classes
    </Button>
  );
  if (query.isError && !data)
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
        {back}
        {query.error.status === 403 || query.error.status === 404 ? (
          <Alert severity="error">{query.error.message}</Alert>
        ) : (
          <LoadFailure what="The roster" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  if (!data) return <Waiting />;
  const meeting = { classId, date };
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      {back}
      <PageTitle
        title={data.class.name}
        summary={`${dateLabel(date)} · ${counted(data.children.length, 'child', 'children')}`}
      />
      <WaitingMarks sub={sub} />
      {fromPhone && <FromPhone />}
      {data.children.length === 0 && <Alert severity="info">No child is enrolled in this class.</Alert>}
      {data.children.map((child) => (
        <ChildCard key={child.studentId} sub={sub} meeting={meeting} child={child} />
      ))}
    </Stack>
  );
}
