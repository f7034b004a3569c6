// /classes/enrollment: what is open for enrollment now, read from the client cache, with filters by day
// and grade. A visitor who chooses a class is sent to sign in and brought back to it; a signed-in parent
// picks a child (or adds one) and sees at once whether the child is enrolled or waitlisted.
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { RegistrationStanding, Semester } from '@contract/records';
import { isRegistrationOpen } from '@contract/registrationWindow';
import { useAvailability, useClassesById, useCurrentSemesterClassIds, useGroupsById } from '../api/catalogue';
import { useCatalogueRead, useFunction } from '../api/queries';
import { useAuth } from '../api/session';
import { rememberPath } from '../layout/returnPath';
import { LoadFailure } from '../layout/LoadFailure';
import { lazily } from '../layout/lazily';
import { ClassCard } from './ClassCard';
import { ClassFilters, type Filters } from './ClassFilters';
import { targetClasses, targetName, type EnrollTarget } from './enrollTarget';
import { SemesterSections } from './SemesterSections';
import { Orientation } from './Orientation';
import { LotteryNotices } from './LotteryNotices';
import { useFamily } from './useFamily';
import { useOpeningAhead } from './opening';
import { useMomentText } from '../layout/RemoteConfig';
import { PageTitle } from '../layout/PageTitle';
import { linkTo, paths } from '../layout/paths';

/** A signed-in family's standings before they are read: Enroll is offered, the server answers as it must. */
const NOT_KNOWN_YET: Record<string, RegistrationStanding> = {};

const EnrollDialog = lazily(() => import('./EnrollDialog'), 'EnrollDialog');

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
  const semesterList = semesters.data?.semesters;
  const opening = useOpeningAhead(semesterList);
  const semesterNames = useMemo(
    () => new Map((semesterList ?? []).map((semester): [string, Semester] => [semester.id, semester])),
    [semesterList],
  );
  // The cards draw at the pace React chooses (a transition it can pause), not in one long task that keeps a
  // phone from answering a tap: what they show follows the answers a moment later.
  const shownOpen = useDeferredValue(open.data);
  const shownClasses = useDeferredValue(classes);
  const shownGroups = useDeferredValue(groups);
  const shownFamily = useDeferredValue(family);
  const sections = useMemo(
    () =>
      Object.entries(shownOpen ?? {}).map(([semesterId, { classIds, groupIds }]) => ({
        semesterId,
        classes: classIds.flatMap((id) => shownClasses.get(id) ?? []),
        groups: groupIds.flatMap((id) => shownGroups.get(id) ?? []),
      })),
    [shownOpen, shownClasses, shownGroups],
  );
  // Before a semester listed opens for everyone (priority windows), where the family may not enroll yet Enroll is
  // not offered; once every one is open, as on registration day, nothing is asked.
  const beforeEveryone = sections.some(({ semesterId }) => {
    const semester = semesterNames.get(semesterId);
    return semester !== undefined && !isRegistrationOpen(semester);
  });
  const registration = useFunction('myRegistration', undefined, { enabled: status === 'signedIn' && beforeEveryone });
  // The answers are in, the cards not drawn yet: the placeholders stay, so nothing jumps in between.
  const drawing = open.isSuccess && shownOpen !== open.data;
  const clearFilters = useCallback(() => setFilters({ days: [] }), []);

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

  const choose = useCallback(
    (next: EnrollTarget) => {
      if (status === 'signedIn') return setTarget(next);
      rememberPath(linkTo.classRegistration(next.kind === 'class' ? { class: next.cls.id } : { group: next.group.id }));
      // The sign-in screen says why it is asked for (its state, kept across its two modes).
      const full = targetClasses(next).some((cls) => cls.seatsLeft === 0);
      const purpose = `Sign in or create an account to ${full ? 'join the waitlist for' : 'enroll in'} ${targetName(next)}.`;
      void navigate(paths.signIn, { state: { purpose } });
    },
    [status, navigate],
  );

  return (
    // While the classes load, the page keeps a screen's height: the footer would show, then move down.
    <Stack spacing={3} sx={{ minHeight: open.isPending || drawing ? '100vh' : undefined }}>
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
        {status === 'signedIn' && (
          <Link component={RouterLink} to={paths.lottery}>
            Lottery requests
          </Link>
        )}
      </Stack>
      <Orientation />
      <LotteryNotices signedIn={status === 'signedIn'} />
      {(open.isPending || drawing) && <LoadingCards />}
      {open.isError && <LoadFailure what="The classes" error={open.error} onRetry={() => void open.refetch()} />}
      {open.isSuccess && !drawing && sections.length === 0 && (
        <RegistrationClosed opening={opening} signedIn={status === 'signedIn'} />
      )}
      {sections.length > 0 && <ClassFilters filters={filters} onChange={setFilters} />}
      <SemesterSections
        sections={sections}
        semesters={semesterNames}
        classes={shownClasses}
        filters={filters}
        family={shownFamily}
        standings={status === 'signedIn' ? (registration.data?.semesters ?? NOT_KNOWN_YET) : undefined}
        onChoose={choose}
        onClearFilters={clearFilters}
      />
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
    <Grid container spacing={2} role="status" aria-label="Loading classes">
      {[0, 1, 2].map((index) => (
        <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={220} />
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * No semester is open for enrollment: say so, and when the next one opens (a page left open shows its classes
 * then), and show the current semester's classes for reference.
 */
function RegistrationClosed({ opening, signedIn }: { opening?: Semester; signedIn: boolean }) {
  const when = useMomentText();
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
        {opening?.registrationOpens && (
          <>
            {' '}
            Registration for {opening.name} opens {when(opening.registrationOpens)}.{' '}
            {signedIn
              ? 'Keep this page open: you stay signed in, and its classes appear here when it opens.'
              : 'Sign in before then and keep this page open: its classes appear here when it opens.'}
          </>
        )}
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
