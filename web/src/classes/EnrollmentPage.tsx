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
import { i18n, useI18n } from '../i18n/classes';
import { rich } from '../i18n/rich';
import { useMoment } from './words';
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
  const { t } = useI18n();
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
      // i18n._, not the render's t: the callback stays the same, so the memoised sections are not drawn again.
      const purpose = i18n._(full ? 'classes.page.purposeWaitlist' : 'classes.page.purposeEnroll', {
        name: targetName(next),
      });
      void navigate(paths.signIn, { state: { purpose } });
    },
    [status, navigate],
  );

  return (
    // While the classes load, the page keeps a screen's height: the footer would show, then move down.
    <Stack spacing={3} sx={{ minHeight: open.isPending || drawing ? '100vh' : undefined }}>
      <PageTitle title={t('classes.page.title')} summary={t('classes.page.summary')} />
      {/* Always there, the family's own page joining it once signed in, so nothing below moves. */}
      <Stack component="nav" aria-label={t('classes.page.nav')} direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.classCalendar}>
          {t('classes.page.calendar')}
        </Link>
        {status === 'signedIn' && (
          <Link component={RouterLink} to={paths.myEnrollments}>
            {t('classes.page.myEnrollments')}
          </Link>
        )}
        {status === 'signedIn' && (
          <Link component={RouterLink} to={paths.lottery}>
            {t('classes.page.lottery')}
          </Link>
        )}
      </Stack>
      <Orientation />
      <LotteryNotices signedIn={status === 'signedIn'} />
      {(open.isPending || drawing) && <LoadingCards />}
      {open.isError && (
        <LoadFailure what={t('classes.page.theClasses')} error={open.error} onRetry={() => void open.refetch()} />
      )}
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
  const { t } = useI18n();
  return (
    <Grid container spacing={2} role="status" aria-label={t('classes.page.loading')}>
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
  const when = useMoment();
  const { t } = useI18n();
  const current = useCurrentSemesterClassIds();
  const classes = useClassesById(current.data ?? []);
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        {rich(
          opening?.registrationOpens
            ? t(signedIn ? 'classes.closed.opensSignedIn' : 'classes.closed.opensVisitor', {
                name: opening.name,
                when: when(opening.registrationOpens),
              })
            : t('classes.closed.notOpen'),
          [<Link key="calendar" component={RouterLink} to={paths.classCalendar} />],
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
