// /account/enrollments: each child's enrollments and waitlist positions, with cancellation after a
// confirmation. Class schedules come from the catalogue cache.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { NamedEnrollment } from '../../../lambdas/records';
import { callFunction } from '../api/client';
import { useFunction } from '../api/useFunction';
import { loadClasses, seatsChanged, useCatalogue } from '../classes/catalogueCache';
import { scheduleSummary } from '../classes/schedule';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { AccountSection } from './AccountSection';
import { PageTitle } from '../layout/PageTitle';

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
  const catalogue = useCatalogue();
  const show = useToast();
  const [cancelling, setCancelling] = useState<NamedEnrollment>();

  const list = enrollments.state === 'loaded' ? enrollments.data.enrollments : [];
  const classIds = [...new Set(list.map((e) => e.classId))]
    .filter((id) => catalogue.classes[id] === undefined)
    .join(',');
  useEffect(() => {
    if (classIds) void loadClasses(classIds.split(','));
  }, [classIds]);

  const cancel = async (enrollment: NamedEnrollment) => {
    await callFunction('cancelEnrollment', { enrollmentId: enrollment.id });
    seatsChanged();
    show({
      severity: 'success',
      summary: 'Cancelled',
      detail: `${enrollment.studentName} is no longer ${enrollment.status === 'waitlisted' ? 'waiting for' : 'enrolled in'} ${enrollment.groupName ?? enrollment.className}.`,
    });
    enrollments.reload();
  };

  const byStudent = new Map<string, NamedEnrollment[]>();
  for (const enrollment of list)
    byStudent.set(enrollment.studentName, [...(byStudent.get(enrollment.studentName) ?? []), enrollment]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title="Enrollments" />
      {enrollments.state === 'loading' && <Waiting />}
      {enrollments.state === 'error' && (
        <LoadFailure what="Your enrollments" error={enrollments.error} onRetry={enrollments.reload} />
      )}
      {enrollments.state === 'loaded' && list.length === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/classes/enrollment">
              Class Registration
            </Button>
          }
        >
          No enrollments yet. Choose a class for your child on the Class Registration page.
        </Alert>
      )}
      {[...byStudent.entries()].map(([student, entries]) => (
        <AccountSection key={student} title={student}>
          <List disablePadding>
            {[...entries]
              .sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled'))
              .map((enrollment) => {
                const cls = catalogue.classes[enrollment.classId];
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
                          cls?.state === 'loaded' && scheduleSummary(cls.value.meetings),
                        ]
                          .filter(Boolean)
                          .join(' · ') || undefined
                      }
                    />
                  </ListItem>
                );
              })}
          </List>
        </AccountSection>
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
