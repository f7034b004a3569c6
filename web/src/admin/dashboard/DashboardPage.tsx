// /admin: the week-of-registration view of a semester (the current one unless another is chosen): seats per
// class, totals, what is filling up, and the latest enrollment activity, with links to act on each class.
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { FunctionResult } from '@contract/manifest';
import { useFunction } from '../../api/queries';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { useMomentText } from '../../layout/RemoteConfig';
import { Waiting } from '../../layout/Waiting';
import { SemesterPicker } from '../SemesterPicker';
import { registrationText, semesterDates } from '../classes/semesterText';
import { ActivityList } from '../enrollments/ActivityList';
import { ClassSeatsTable } from './ClassSeatsTable';
import { SeatTotals } from './SeatTotals';
import { useSemesterParam } from '../useSemesterParam';
import { PageTitle } from '../../layout/PageTitle';
import { linkTo, paths } from '../../layout/paths';

export function DashboardPage() {
  const [semesterId, choose] = useSemesterParam();
  // Without ?semesterId= the server shows the current semester, so the picker's own choice of it changes nothing.
  const dashboard = useFunction('adminDashboard', semesterId ? { semesterId } : {});
  const shownId = semesterId ?? dashboard.data?.semester.id;
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <PageTitle title="Dashboard" summary="Seats, waitlists and the latest enrollments of a semester." />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <SemesterPicker
            value={shownId}
            onChange={(semester) => (semesterId || !semester.current) && choose(semester)}
          />
          <Button component={RouterLink} to={paths.settings} startIcon={<ManageAccountsIcon />}>
            Admins and settings
          </Button>
        </Stack>
      </Stack>
      {dashboard.isPending && <Waiting />}
      {dashboard.isError && (
        <LoadFailure what="The dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {dashboard.isSuccess && <SemesterDashboard {...dashboard.data} />}
    </Stack>
  );
}

function SemesterDashboard({ semester, classes, totals, aboutToFill, activity }: FunctionResult<'adminDashboard'>) {
  const moment = useMomentText();
  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <div>
          <Typography variant="h5" component="h2">
            {semester.name}
            {semester.current ? ' (current)' : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {semesterDates(semester)} · {registrationText(semester, moment)}
          </Typography>
        </div>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={linkTo.managedSemester(semester.id)}>
            Manage classes
          </Button>
          <Button component={RouterLink} to={linkTo.enrollments({ semesterId: semester.id })}>
            All enrollments
          </Button>
        </Stack>
      </Stack>
      <SeatTotals totals={totals} aboutToFill={aboutToFill.length} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Section title="Classes">
            <ClassSeatsTable classes={classes} aboutToFill={new Set(aboutToFill)} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Section title="Latest activity">
            {activity.length === 0 ? (
              <Typography color="text.secondary">No enrollments in this semester yet.</Typography>
            ) : (
              <ActivityList activity={activity} label="Latest enrollment activity" />
            )}
            <Button
              component={RouterLink}
              to={linkTo.enrollments({ semesterId: semester.id, tab: 'activity' })}
              sx={{ mt: 1 }}
            >
              All activity
            </Button>
          </Section>
        </Grid>
      </Grid>
    </>
  );
}
