// /account/enrollments: each child's enrollments and waitlist positions, with cancellation after a
// confirmation. Class schedules come from the client cache.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { NamedEnrollment } from '../../../lambdas/records';
import { useClassesById } from '../api/catalogue';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { scheduleSummary } from '../layout/schedule';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { Section } from '../layout/Section';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';

function statusLabel(enrollment: NamedEnrollment): string {
  if (enrollment.status === 'waitlisted')
    return enrollment.waitlistPosition ? `Waitlisted – position ${enrollment.waitlistPosition}` : 'Waitlisted';
  return enrollment.status === 'enrolled' ? 'Enrolled' : 'Cancelled';
}

function cancelQuestion(enrollment: NamedEnrollment): string {
  const first = enrollment.studentName.split(' ')[0];
  if (enrollment.groupId)
    return `This cancels ${first}'s place in ${enrollment.groupName ?? 'the class group'}: every class of the group at once. Their seats go to the next children on the waitlists.`;
  if (enrollment.status === 'waitlisted')
    return `${first} leaves the waitlist for ${enrollment.className}; everyone behind moves up.`;
  return `${first}'s seat in ${enrollment.className} goes to the next child on the waitlist.`;
}

export function EnrollmentsPage() {
  const enrollments = useFunction('myEnrollments');
  const cancelEnrollment = useChange('cancelEnrollment');
  const show = useToast();
  const [cancelling, setCancelling] = useState<NamedEnrollment>();

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

  const byStudent = new Map<string, NamedEnrollment[]>();
  for (const enrollment of list)
    byStudent.set(enrollment.studentName, [...(byStudent.get(enrollment.studentName) ?? []), enrollment]);

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
                return (
                  <ListItem
                    key={enrollment.id}
                    divider
                    disableGutters
                    sx={{ opacity: enrollment.status === 'cancelled' ? 0.6 : 1, flexWrap: 'wrap', gap: 1 }}
                    secondaryAction={
                      enrollment.status !== 'cancelled' && (
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
                          <span>{enrollment.className}</span>
                          <Chip
                            size="small"
                            label={statusLabel(enrollment)}
                            color={
                              enrollment.status === 'enrolled'
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
                          cls && scheduleSummary(cls.meetings),
                        ]
                          .filter(Boolean)
                          .join(' · ') || undefined
                      }
                    />
                  </ListItem>
                );
              })}
          </List>
        </Section>
      ))}
      {cancelling && (
        <ConfirmDialog
          title="Cancel this enrollment?"
          confirmLabel="Cancel enrollment"
          busyLabel="Cancelling…"
          destructive
          action={() => cancel(cancelling)}
          onClose={() => setCancelling(undefined)}
        >
          <DialogContentText>{cancelQuestion(cancelling)}</DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
