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
import { useMomentText, useProgrammeTimeZone, useRemoteConfig } from '../layout/RemoteConfig';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { Section } from '../layout/Section';
import { AttendanceSection } from './AttendanceSection';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';

function statusLabel(enrollment: NamedEnrollment): string {
  if (enrollment.offerExpiresAt) return 'Seat offered';
  if (enrollment.status === 'waitlisted')
    return enrollment.waitlistPosition ? `Waitlisted – position ${enrollment.waitlistPosition}` : 'Waitlisted';
  return enrollment.status === 'enrolled' ? 'Enrolled' : 'Cancelled';
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
  const keeping = moves.keeping(enrollment);
  if (keeping)
    return `${first} leaves the waitlist for ${enrollment.className} and stays enrolled in ${keeping.className}.`;
  const keptFor = moves.keptFor(enrollment);
  if (keptFor)
    return `${first}'s seat in ${enrollment.className} goes to the next child on the waitlist. ${first} stays on the waitlist for ${keptFor.className}, with no seat kept meanwhile.`;
  if (enrollment.offerExpiresAt)
    return `${first} leaves the waitlist for ${enrollment.groupName ?? enrollment.className}, and the seat offered goes to the next child waiting.`;
  if (enrollment.groupId)
    return `This cancels ${first}'s place in ${enrollment.groupName ?? 'the class group'}: every class of the group at once. Their seats go to the next children on the waitlists.`;
  if (enrollment.status === 'waitlisted')
    return `${first} leaves the waitlist for ${enrollment.className}; everyone behind moves up.`;
  return `${first}'s seat in ${enrollment.className} goes to the next child on the waitlist.`;
}

/** The class's meetings from today on, not cancelled: those a family may report an absence for. */
const meetingsAhead = (cls: Pick<Class, 'meetings'> | undefined, today: string) =>
  (cls?.meetings ?? []).filter((meeting) => meeting.date >= today && !meeting.cancelled);

export function EnrollmentsPage() {
  const enrollments = useFunction('myEnrollments');
  const cancelEnrollment = useChange('cancelEnrollment');
  const acceptOffer = useChange('acceptOffer');
  const show = useToast();
  const when = useMomentText();
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
      summary: 'Cancelled',
      detail: `${enrollment.studentName} is no longer ${enrollment.status === 'waitlisted' ? 'waiting for' : 'enrolled in'} ${enrollment.groupName ?? enrollment.className}.`,
    });
  };

  const accept = (enrollment: NamedEnrollment) =>
    acceptOffer.mutate(
      { enrollmentId: enrollment.id },
      {
        onSuccess: () =>
          show({
            severity: 'success',
            summary: 'Enrolled',
            detail: `${enrollment.studentName} is enrolled in ${enrollment.groupName ?? enrollment.className}.`,
          }),
        onError: (error) => show({ severity: 'error', summary: 'Not accepted', detail: error.message }),
      },
    );

  const byStudent = new Map<string, NamedEnrollment[]>();
  for (const enrollment of list)
    byStudent.set(enrollment.studentName, [...(byStudent.get(enrollment.studentName) ?? []), enrollment]);
  const moves = waitingMoves(list);

  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title="Enrollments" />
      <Stack component="nav" aria-label="Registration" direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.classRegistration}>
          Class Registration
        </Link>
        <Link component={RouterLink} to={paths.classCalendar}>
          Class Calendar
        </Link>
        <Link component={RouterLink} to={paths.lottery}>
          Lottery requests
        </Link>
      </Stack>
      {enrollments.isPending && <Waiting />}
      {enrollments.isError && (
        <LoadFailure what="Your enrollments" error={enrollments.error} onRetry={() => void enrollments.refetch()} />
      )}
      {enrollments.isSuccess && list.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.classRegistration}>
              Class Registration
            </Button>
          }
        >
          No enrollments yet. Choose a class for your child on the Class Registration page.
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
                          aria-label={`Cancel ${enrollment.studentName} in ${enrollment.className}`}
                        >
                          Cancel
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
                          enrollment.groupName && `Part of ${enrollment.groupName}`,
                          cls && scheduleSummary(cls.meetings, timeZone),
                        ]
                          .filter(Boolean)
                          .join(' · ') || undefined
                      }
                    />
                    {keptFor && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        Moving to {keptFor.className} as soon as a seat there is {first}'s: this seat is kept until
                        then.
                      </Typography>
                    )}
                    {keeping && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        {first} keeps the seat in {keeping.className} until a seat here is theirs, then moves.
                      </Typography>
                    )}
                    {enrollment.status === 'enrolled' && !enrollment.groupId && !changesClosed && !keptFor && (
                      <Button
                        size="small"
                        sx={{ alignSelf: 'flex-start' }}
                        onClick={() => setMoving(enrollment)}
                        // The visible words first, as WCAG 2.5.3 asks of a name.
                        aria-label={`Move to another class: ${enrollment.studentName}, now in ${enrollment.className}`}
                      >
                        Move to another class
                      </Button>
                    )}
                    {enrollment.status === 'enrolled' && meetingsAhead(cls, today).length > 0 && (
                      <Button
                        size="small"
                        sx={{ alignSelf: 'flex-start' }}
                        onClick={() => setReporting(enrollment)}
                        aria-label={`Report an absence: ${enrollment.studentName} in ${enrollment.className}`}
                      >
                        Report an absence
                      </Button>
                    )}
                    {changesClosed && semester?.changesClose && (
                      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', pr: 10 }}>
                        Families could move or drop {semester.name}'s classes until {when(semester.changesClose)}. To
                        change a class now, write to {contactEmail ?? 'the programme'}.
                      </Typography>
                    )}
                    {enrollment.passedOverBecause && (
                      <Alert severity="warning" sx={{ width: '100%' }}>
                        {enrollment.passedOverBecause} A seat that frees goes to the next child waiting until this
                        changes: if the grade is wrong, correct it in {enrollment.studentName.split(' ')[0]}'s details.
                      </Alert>
                    )}
                    {enrollment.offerExpiresAt && (
                      <Alert severity="success" sx={{ width: '100%' }}>
                        A seat is held for {enrollment.studentName.split(' ')[0]} until{' '}
                        <strong>{when(enrollment.offerExpiresAt)}</strong>. Accept it to enroll; unanswered by then, it
                        goes to the next child waiting.
                        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                          <Button
                            variant="contained"
                            size="small"
                            disabled={acceptOffer.isPending}
                            onClick={() => accept(enrollment)}
                            aria-label={`Accept the seat for ${enrollment.studentName} in ${enrollment.className}`}
                          >
                            Accept
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setCancelling(enrollment)}
                            aria-label={`Decline the seat for ${enrollment.studentName} in ${enrollment.className}`}
                          >
                            Decline
                          </Button>
                        </Stack>
                      </Alert>
                    )}
                    {enrollment.status !== 'cancelled' && (enrollment.answers?.length || enrollment.asksQuestions) && (
                      <Stack spacing={0.5} sx={{ width: '100%', pr: 10 }}>
                        {(enrollment.answers ?? []).map((answer) => (
                          <Typography key={answer.questionId} variant="body2">
                            {`${answer.label}: ${answerText(answer.value)}`}
                          </Typography>
                        ))}
                        {enrollment.startsOn && today < enrollment.startsOn && enrollment.asksQuestions && (
                          <Button
                            size="small"
                            sx={{ alignSelf: 'flex-start' }}
                            onClick={() => setAnswering(enrollment)}
                            aria-label={`Change the answers for ${enrollment.studentName} in ${enrollment.className}`}
                          >
                            {enrollment.answers?.length ? 'Change answers' : 'Answer the questions'}
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
          title={cancelling.offerExpiresAt ? 'Decline the seat offered?' : 'Cancel this enrollment?'}
          confirmLabel={cancelling.offerExpiresAt ? 'Decline the seat' : 'Cancel enrollment'}
          busyLabel="Cancelling…"
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
