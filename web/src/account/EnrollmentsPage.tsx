// /account/enrollments: each child's enrollments and waitlist positions, with cancellation after a
// confirmation and a move to another class with a seat (a seat only until the semester's deadline for changes), a seat offered to a waiting child (offers mode) with its deadline, to accept or decline
// (declining is leaving the waitlist). Class schedules come from the client cache.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { answerText, type Class, type NamedEnrollment } from '@contract/records';
import { changesOpen } from '@contract/registrationWindow';
import { AbsenceDialog } from './AbsenceDialog';
import { AnswersDialog } from './AnswersDialog';
import { MoveDialog } from './MoveDialog';
import { useClassesById } from '../api/catalogue';
import { useChange } from '../api/changes';
import { useCatalogueRead, useFunction } from '../api/queries';
import { scheduleSummary } from '../layout/schedule';
import { useProgrammeTimeZone, useRemoteConfig } from '../layout/RemoteConfig';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { Section } from '../layout/Section';
import { AttendanceSection } from './AttendanceSection';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { i18n, useI18n } from '../i18n/enrollments';
import { writtenIn } from '../i18n/Written';
import { readerMoment } from '../i18n/readerMoment';
import { rich } from '../i18n/rich';

function statusLabel(enrollment: NamedEnrollment): string {
  if (enrollment.offerExpiresAt) return i18n._('enrollments.status.offered');
  if (enrollment.status === 'waitlisted')
    return enrollment.waitlistPosition
      ? i18n._('enrollments.status.waitlistedAt', { position: enrollment.waitlistPosition })
      : i18n._('enrollments.status.waitlisted');
  return i18n._(enrollment.status === 'enrolled' ? 'enrollments.status.enrolled' : 'enrollments.status.cancelled');
}

/**
 * A moment on the programme's clock in the reader's language, their own time beside it when their clock shows
 * another ("Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)"), with the day when that differs too.
 */
function useDeadlineText(): (iso: string) => string {
  const { language } = useI18n();
  const timeZone = useProgrammeTimeZone();
  return (iso: string) => readerMoment(language, iso, timeZone);
}

/**
 * A family's move waiting for a seat, as My Enrollments shows it: the waiting enrollment and the seat it keeps
 * (the move stands while that seat is held).
 */
function waitingMoves(entries: NamedEnrollment[]) {
  const moves = entries.flatMap((waiting) => {
    const kept = entries.find(
      (entry) =>
        waiting.status === 'waitlisted' &&
        entry.status === 'enrolled' &&
        entry.classId === waiting.movingFrom &&
        entry.studentId === waiting.studentId,
    );
    return kept ? [{ waiting, kept }] : [];
  });
  return {
    keptFor: (enrollment: NamedEnrollment) => moves.find(({ kept }) => kept.id === enrollment.id)?.waiting,
    keeping: (enrollment: NamedEnrollment) => moves.find(({ waiting }) => waiting.id === enrollment.id)?.kept,
  };
}

function cancelQuestion(enrollment: NamedEnrollment, moves: ReturnType<typeof waitingMoves>): string {
  const first = enrollment.studentName.split(' ')[0];
  const { className } = enrollment;
  const keeping = moves.keeping(enrollment);
  if (keeping) return i18n._('enrollments.cancel.leaveForMove', { first, className, kept: keeping.className });
  const keptFor = moves.keptFor(enrollment);
  if (keptFor) return i18n._('enrollments.cancel.dropKeptSeat', { first, className, waiting: keptFor.className });
  if (enrollment.offerExpiresAt)
    return i18n._('enrollments.cancel.declineOffer', { first, className: enrollment.groupName ?? className });
  if (enrollment.groupId)
    return enrollment.groupName
      ? i18n._('enrollments.cancel.group', { first, group: enrollment.groupName })
      : i18n._('enrollments.cancel.groupUnnamed', { first });
  if (enrollment.status === 'waitlisted') return i18n._('enrollments.cancel.leaveWaitlist', { first, className });
  return i18n._('enrollments.cancel.drop', { first, className });
}

/** The class's meetings from today on, not cancelled: those a family may report an absence for. */
const meetingsAhead = (cls: Pick<Class, 'meetings'> | undefined, today: string) =>
  (cls?.meetings ?? []).filter((meeting) => meeting.date >= today && !meeting.cancelled);

export function EnrollmentsPage() {
  const enrollments = useFunction('myEnrollments');
  const cancelEnrollment = useChange('cancelEnrollment');
  const acceptOffer = useChange('acceptOffer');
  const show = useToast();
  const { t, language } = useI18n();
  const when = useDeadlineText();
  const timeZone = useProgrammeTimeZone();
  const { contactEmail } = useRemoteConfig();
  const semesters = useCatalogueRead('semesters');
  const [cancelling, setCancelling] = useState<NamedEnrollment>();
  const [moving, setMoving] = useState<NamedEnrollment>();
  const [answering, setAnswering] = useState<NamedEnrollment>();
  const [reporting, setReporting] = useState<NamedEnrollment>();
  const today = new Date().toISOString().slice(0, 10);

  const list = enrollments.data?.enrollments ?? [];
  const classes = useClassesById([...new Set(list.map((enrollment) => enrollment.classId))]);

  const cancel = async (enrollment: NamedEnrollment) => {
    await cancelEnrollment.mutateAsync({ enrollmentId: enrollment.id });
    show({
      severity: 'success',
      summary: t('enrollments.cancel.done'),
      detail: t('enrollments.cancel.doneDetail', {
        student: enrollment.studentName,
        status: enrollment.status,
        className: enrollment.groupName ?? enrollment.className,
      }),
    });
  };

  const accept = (enrollment: NamedEnrollment) =>
    acceptOffer.mutate(
      { enrollmentId: enrollment.id },
      {
        onSuccess: () =>
          show({
            severity: 'success',
            summary: t('enrollments.offer.accepted'),
            detail: t('enrollments.offer.acceptedDetail', {
              student: enrollment.studentName,
              className: enrollment.groupName ?? enrollment.className,
            }),
          }),
        onError: (error) =>
          show({ severity: 'error', summary: t('enrollments.offer.notAccepted'), detail: error.message }),
      },
    );

  const byStudent = new Map<string, NamedEnrollment[]>();
  for (const enrollment of list)
    byStudent.set(enrollment.studentName, [...(byStudent.get(enrollment.studentName) ?? []), enrollment]);
  const moves = waitingMoves(list);

  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title={t('enrollments.page.title')} />
      <Stack
        component="nav"
        aria-label={t('enrollments.page.nav')}
        direction="row"
        spacing={3}
        sx={{ flexWrap: 'wrap' }}
      >
        <Link component={RouterLink} to={paths.classRegistration}>
          {t('enrollments.page.classRegistration')}
        </Link>
        <Link component={RouterLink} to={paths.classCalendar}>
          {t('enrollments.page.classCalendar')}
        </Link>
        <Link component={RouterLink} to={paths.lottery}>
          {t('enrollments.page.lottery')}
        </Link>
      </Stack>
      {enrollments.isPending && <Waiting />}
      {enrollments.isError && (
        <LoadFailure
          what={t('enrollments.page.loadWhat')}
          error={enrollments.error}
          onRetry={() => void enrollments.refetch()}
        />
      )}
      {enrollments.isSuccess && list.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.classRegistration}>
              {t('enrollments.page.classRegistration')}
            </Button>
          }
        >
          {t('enrollments.page.none')}
        </Alert>
      )}
      {[...byStudent.entries()].map(([student, entries]) => (
        <Section key={student} title={student}>
          <List disablePadding>
            {[...entries]
              .sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled'))
              .map((enrollment) => {
                const cls = classes.get(enrollment.classId);
                const semester = semesters.data?.semesters.find(({ id }) => id === enrollment.semesterId);
                // A seat is the family's to move or drop until the semester's deadline for changes; then the office's.
                const changesClosed =
                  enrollment.status === 'enrolled' && semester !== undefined && !changesOpen(semester);
                const keptFor = moves.keptFor(enrollment);
                const keeping = moves.keeping(enrollment);
                const first = enrollment.studentName.split(' ')[0];
                const names = { student: enrollment.studentName, className: enrollment.className };
                return (
                  <ListItem
                    key={enrollment.id}
                    divider
                    disableGutters
                    sx={{ flexWrap: 'wrap', gap: 1 }}
                    secondaryAction={
                      enrollment.status !== 'cancelled' &&
                      !enrollment.offerExpiresAt &&
                      !changesClosed && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setCancelling(enrollment)}
                          aria-label={t('enrollments.page.cancelName', names)}
                        >
                          {t('enrollments.page.cancel')}
                        </Button>
                      )
                    }
                  >
                    <ListItemText
                      sx={{ pr: 10 }}
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                          {/* A cancelled place reads quieter, in a colour that keeps WCAG's contrast (not faded). */}
                          <Typography
                            component="span"
                            color={enrollment.status === 'cancelled' ? 'text.secondary' : 'text.primary'}
                          >
                            {enrollment.className}
                          </Typography>
                          <Chip
                            size="small"
                            label={statusLabel(enrollment)}
                            color={
                              enrollment.status === 'enrolled' || enrollment.offerExpiresAt
                                ? 'success'
                                : enrollment.status === 'waitlisted'
                                  ? 'warning'
                                  : 'default'
                            }
                          />
                        </Stack>
                      }
                      secondary={
                        [
                          enrollment.groupName && t('enrollments.page.partOf', { group: enrollment.groupName }),
                          cls && scheduleSummary(cls.meetings, timeZone),
                        ]
                          .filter(Boolean)
                          .join(' · ') || undefined
                      }
                    />
                    {keptFor && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        {t('enrollments.page.movingTo', { className: keptFor.className, first })}
                      </Typography>
                    )}
                    {keeping && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        {t('enrollments.page.keeping', { className: keeping.className, first })}
                      </Typography>
                    )}
                    {enrollment.status === 'enrolled' && !enrollment.groupId && !changesClosed && !keptFor && (
                      <Button
                        size="small"
                        sx={{ alignSelf: 'flex-start' }}
                        onClick={() => setMoving(enrollment)}
                        // The visible words first, as WCAG 2.5.3 asks of a name.
                        aria-label={t('enrollments.page.moveName', names)}
                      >
                        {t('enrollments.page.move')}
                      </Button>
                    )}
                    {enrollment.status === 'enrolled' && meetingsAhead(cls, today).length > 0 && (
                      <Button
                        size="small"
                        sx={{ alignSelf: 'flex-start' }}
                        onClick={() => setReporting(enrollment)}
                        aria-label={t('enrollments.page.absenceName', names)}
                      >
                        {t('enrollments.page.absence')}
                      </Button>
                    )}
                    {changesClosed && semester?.changesClose && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        {contactEmail
                          ? t('enrollments.page.changesClosed', {
                              semester: semester.name,
                              deadline: when(semester.changesClose),
                              contact: contactEmail,
                            })
                          : t('enrollments.page.changesClosedNoContact', {
                              semester: semester.name,
                              deadline: when(semester.changesClose),
                            })}
                      </Typography>
                    )}
                    {enrollment.passedOverBecause && (
                      <Alert severity="warning" sx={{ width: '100%' }}>
                        {t('enrollments.page.passedOver', { reason: enrollment.passedOverBecause, first })}
                      </Alert>
                    )}
                    {enrollment.offerExpiresAt && (
                      <Alert severity="success" sx={{ width: '100%' }}>
                        {rich(t('enrollments.offer.held', { first, deadline: when(enrollment.offerExpiresAt) }), [
                          <strong key="deadline" />,
                        ])}
                        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                          <Button
                            variant="contained"
                            size="small"
                            disabled={acceptOffer.isPending}
                            onClick={() => accept(enrollment)}
                            aria-label={t('enrollments.offer.acceptName', names)}
                          >
                            {t('enrollments.offer.accept')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setCancelling(enrollment)}
                            aria-label={t('enrollments.offer.declineName', names)}
                          >
                            {t('enrollments.offer.decline')}
                          </Button>
                        </Stack>
                      </Alert>
                    )}
                    {enrollment.status !== 'cancelled' && (enrollment.answers?.length || enrollment.asksQuestions) && (
                      <Stack spacing={0.5} sx={{ width: '100%', pr: 10 }}>
                        {(enrollment.answers ?? []).map((answer) => (
                          <Typography key={answer.questionId} variant="body2">
                            {typeof answer.value === 'boolean'
                              ? t(answer.value ? 'enrollments.answers.yes' : 'enrollments.answers.no', {
                                  label: writtenIn(language, answer.label, answer.es?.label).text,
                                })
                              : t('enrollments.answers.line', {
                                  label: writtenIn(language, answer.label, answer.es?.label).text,
                                  answer: answerText(answer.value),
                                })}
                          </Typography>
                        ))}
                        {enrollment.startsOn && today < enrollment.startsOn && enrollment.asksQuestions && (
                          <Button
                            size="small"
                            sx={{ alignSelf: 'flex-start' }}
                            onClick={() => setAnswering(enrollment)}
                            aria-label={t('enrollments.answers.changeName', names)}
                          >
                            {t(
                              enrollment.answers?.length ? 'enrollments.answers.change' : 'enrollments.answers.answer',
                            )}
                          </Button>
                        )}
                      </Stack>
                    )}
                  </ListItem>
                );
              })}
          </List>
        </Section>
      ))}
      <AttendanceSection />
      {reporting && (
        <AbsenceDialog
          enrollment={reporting}
          meetings={meetingsAhead(classes.get(reporting.classId), today)}
          onClose={() => setReporting(undefined)}
        />
      )}
      {answering && <AnswersDialog enrollment={answering} onClose={() => setAnswering(undefined)} />}
      {moving && (
        <MoveDialog
          enrollment={moving}
          // The classes the child holds a seat or a waitlist place in already: no move goes there.
          alreadyIn={list
            .filter((entry) => entry.studentId === moving.studentId && entry.status !== 'cancelled')
            .map((entry) => entry.classId)}
          onClose={() => setMoving(undefined)}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={t(cancelling.offerExpiresAt ? 'enrollments.cancel.titleOffer' : 'enrollments.cancel.title')}
          confirmLabel={t(cancelling.offerExpiresAt ? 'enrollments.cancel.confirmOffer' : 'enrollments.cancel.confirm')}
          keepLabel={t(cancelling.offerExpiresAt ? 'enrollments.cancel.keepOffer' : 'enrollments.cancel.keep')}
          busyLabel={t('enrollments.cancel.busy')}
          destructive
          action={() => cancel(cancelling)}
          onClose={() => setCancelling(undefined)}
        >
          <DialogContentText>{cancelQuestion(cancelling, moves)}</DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
