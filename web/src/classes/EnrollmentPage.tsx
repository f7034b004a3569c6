// /classes/enrollment: what is open for enrollment now, read from the client cache, with filters by day
// and grade. A visitor who chooses a class is sent to sign in and brought back to it; a signed-in parent
// picks a child (or adds one) and sees at once whether the child is enrolled or waitlisted.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { Class, ClassGroup, Semester } from '../../../lambdas/records';
import { useAvailability, useClassesById, useCurrentSemesterClassIds, useGroupsById } from '../api/catalogue';
import { useCatalogueRead } from '../api/queries';
import { useAuth } from '../api/session';
import { rememberPath } from '../layout/returnPath';
import { LoadFailure } from '../layout/LoadFailure';
import { lazily } from '../layout/lazily';
import { ClassCard } from './ClassCard';
import { ClassFilters, type Filters } from './ClassFilters';
import { targetClasses, targetName, type EnrollTarget } from './enrollTarget';
import { GroupCard } from './GroupCard';
import { Orientation } from './Orientation';
import { useFamily } from './useFamily';
import { admitsGrade } from '../../../lambdas/grades';
import { meetingDays, momentText } from '../layout/schedule';
import { PageTitle } from '../layout/PageTitle';
import { linkTo, paths } from '../layout/paths';

const EnrollDialog = lazily(() => import('./EnrollDialog'), 'EnrollDialog');

export function matchesFilters(cls: Class, filters: Filters): boolean {
  const daysMatch = filters.days.length === 0 || meetingDays(cls.meetings).some((day) => filters.days.includes(day));
  return daysMatch && (filters.grade === undefined || admitsGrade(cls, filters.grade));
}

export function EnrollmentPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const semesters = useCatalogueRead('semesters');
  const [filters, setFilters] = useState<Filters>({ days: [] });
  const [target, setTarget] = useState<EnrollTarget>();
  const { family } = useFamily();

  const open = useAvailability();
  const availability = Object.entries(open.data ?? {});
  const groups = useGroupsById(availability.flatMap(([, { groupIds }]) => groupIds));
  const classes = useClassesById([
    ...new Set([
      ...availability.flatMap(([, { classIds }]) => classIds),
      ...[...groups.values()].flatMap((group) => group.classIds),
    ]),
  ]);
  const semesterNames = new Map(
    (semesters.data?.semesters ?? []).map((semester): [string, Semester] => [semester.id, semester]),
  );
  const sections = availability.map(([semesterId, { classIds, groupIds }]) => ({
    semesterId,
    classes: classIds.flatMap((id) => classes.get(id) ?? []),
    groups: groupIds.flatMap((id) => groups.get(id) ?? []),
  }));
  const groupClasses = (group: ClassGroup) => group.classIds.flatMap((id) => classes.get(id) ?? []);

  // Back from signing in with a class or group in mind: open it.
  const wanted = params.get('class') ?? params.get('group');
  const loaded = open.isSuccess;
  useEffect(() => {
    if (!wanted || status !== 'signedIn' || !loaded) return;
    const cls = classes.get(wanted);
    const group = groups.get(wanted);
    if (cls) setTarget({ kind: 'class', cls });
    else if (group) setTarget({ kind: 'group', group, classes: group.classIds.flatMap((id) => classes.get(id) ?? []) });
    setParams({}, { replace: true });
  }, [wanted, status, loaded, classes, groups, setParams]);

  const choose = (next: EnrollTarget) => {
    if (status === 'signedIn') return setTarget(next);
    rememberPath(linkTo.classRegistration(next.kind === 'class' ? { class: next.cls.id } : { group: next.group.id }));
    // The sign-in screen says why it is asked for (its state, kept across its two modes).
    const full = targetClasses(next).some((cls) => cls.seatsLeft === 0);
    const purpose = `Sign in or create an account to ${full ? 'join the waitlist for' : 'enroll in'} ${targetName(next)}.`;
    void navigate(paths.signIn, { state: { purpose } });
  };

  return (
    <Stack spacing={3}>
      <PageTitle
        title="Class Registration"
        summary="Choose a class or a class group, then the child to enroll. Full classes keep a fair waitlist."
      />
      {/* Always there, the family's own page joining it once signed in, so nothing below moves. */}
      <Stack component="nav" aria-label="Registration" direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.classCalendar}>
          Class Calendar
        </Link>
        {status === 'signedIn' && (
          <Link component={RouterLink} to={paths.myEnrollments}>
            My enrollments
          </Link>
        )}
      </Stack>
      <Orientation />
      {open.isPending && <LoadingCards />}
      {open.isError && <LoadFailure what="The classes" error={open.error} onRetry={() => void open.refetch()} />}
      {open.isSuccess && sections.length === 0 && <RegistrationClosed />}
      {sections.length > 0 && <ClassFilters filters={filters} onChange={setFilters} />}
      {sections.map(({ semesterId, classes, groups }) => {
        const shownClasses = classes.filter((cls) => matchesFilters(cls, filters));
        const shownGroups = groups.filter((group) => groupClasses(group).every((cls) => matchesFilters(cls, filters)));
        const semester = semesterNames.get(semesterId);
        return (
          <Stack component="section" key={semesterId} spacing={2} aria-label={semester?.name ?? 'Classes'}>
            {semester && (
              <div>
                <Typography variant="h5" component="h2">
                  {semester.name}
                </Typography>
                {semester.registrationCloses && (
                  <Typography variant="body2" color="text.secondary">
                    Registration closes {momentText(semester.registrationCloses)}.
                  </Typography>
                )}
              </div>
            )}
            {shownGroups.length > 0 && (
              <>
                <Typography variant="h6" component="h2">
                  Class groups
                </Typography>
                <Grid container spacing={2}>
                  {shownGroups.map((group) => (
                    <Grid key={group.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                      <GroupCard
                        group={group}
                        classes={groupClasses(group)}
                        family={family}
                        onEnroll={(chosen) => choose({ kind: 'group', group: chosen, classes: groupClasses(chosen) })}
                      />
                    </Grid>
                  ))}
                </Grid>
              </>
            )}
            <Typography variant="h6" component="h2">
              Classes
            </Typography>
            {shownClasses.length === 0 ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" onClick={() => setFilters({ days: [] })}>
                    Clear filters
                  </Button>
                }
              >
                No classes match these filters.
              </Alert>
            ) : (
              <Grid container spacing={2}>
                {shownClasses.map((cls) => (
                  <Grid key={cls.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <ClassCard
                      cls={cls}
                      family={family}
                      onEnroll={(chosen) => choose({ kind: 'class', cls: chosen })}
                    />
                  </Grid>
                ))}
              </Grid>
            )}
          </Stack>
        );
      })}
      {target && (
        <Suspense>
          <EnrollDialog target={target} onClose={() => setTarget(undefined)} />
        </Suspense>
      )}
    </Stack>
  );
}

function LoadingCards() {
  return (
    <Grid container spacing={2} aria-label="Loading classes">
      {[0, 1, 2].map((index) => (
        <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={220} />
        </Grid>
      ))}
    </Grid>
  );
}

/** No semester is open for enrollment: say so, and show the current semester's classes for reference. */
function RegistrationClosed() {
  const current = useCurrentSemesterClassIds();
  const classes = useClassesById(current.data ?? []);
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Registration is not open right now. See the{' '}
        <Link component={RouterLink} to={paths.classCalendar}>
          Class Calendar
        </Link>{' '}
        for the classes under way.
      </Alert>
      {current.data && current.data.length > 0 && (
        <Grid container spacing={2}>
          {current.data.flatMap((id) => {
            const cls = classes.get(id);
            return cls
              ? [
                  <Grid key={id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <ClassCard cls={cls} />
                  </Grid>,
                ]
              : [];
          })}
        </Grid>
      )}
    </Stack>
  );
}
