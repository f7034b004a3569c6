// /admin/instructors: the programme's instructors and the invitations still waiting, with the classes each
// teaches; inviting one by e-mail, changing their classes, removing one; and a meeting's attendance.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { InstructorSummary } from '@contract/classDay';
import type { Class } from '@contract/records';
import { useChange } from '../../api/changes';
import { useCatalogueRead, useFunction } from '../../api/queries';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { PageTitle } from '../../layout/PageTitle';
import { dateLabel } from '../../layout/schedule';
import { Section } from '../../layout/Section';
import { useToast } from '../../layout/toast';
import { Waiting } from '../../layout/Waiting';
import { ListTable } from '../ListTable';
import { SemesterPicker } from '../SemesterPicker';
import { useSemesterParam } from '../useSemesterParam';
import { ClassesDialog } from './ClassesDialog';
import { CheckedInNowSection } from './CheckedInNowSection';
import { MeetingAttendanceSection } from './MeetingAttendanceSection';

/** Who is being changed: a new invitation, an instructor's classes, or a removal (an instructor or an invitation). */
type Editing =
  | { invite: true }
  | { assign: InstructorSummary }
  | { remove: { sub?: string; email: string; waiting: boolean } };

export function InstructorsPage() {
  const [semesterId, choose] = useSemesterParam();
  const list = useFunction('instructors');
  const classes = useCatalogueRead('classesBySemester', { semesters: [semesterId ?? ''] }, { enabled: !!semesterId });
  const semesterClasses = (semesterId && classes.data?.classes[semesterId]) || [];
  const [editing, setEditing] = useState<Editing>();
  const close = () => setEditing(undefined);
  return (
    <Stack spacing={3}>
      <PageTitle
        title="Instructors"
        summary="The people who meet the children: each sees the class-day roster of the classes they teach, on a phone."
      />
      <CheckedInNowSection />
      <SemesterPicker value={semesterId} onChange={choose} />
      <Section title="Instructors">
        {list.isPending ? (
          <Waiting />
        ) : list.isError ? (
          <LoadFailure what="The instructors" error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Button variant="contained" onClick={() => setEditing({ invite: true })} sx={{ mb: 2 }}>
              Invite an instructor
            </Button>
            {list.data.instructors.length === 0 ? (
              <Typography>No instructor yet: invite one by e-mail.</Typography>
            ) : (
              <ListTable label="Instructors" columns={['Instructor', 'Classes', '']}>
                {list.data.instructors.map((instructor) => (
                  <TableRow key={instructor.sub}>
                    <TableCell component="th" scope="row">
                      {instructor.email}
                    </TableCell>
                    <TableCell>{instructor.classes.map((cls) => cls.name).join(', ') || 'None'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        onClick={() => setEditing({ assign: instructor })}
                        aria-label={`Change classes of ${instructor.email}`}
                      >
                        Change classes
                      </Button>
                      <Button
                        color="error"
                        aria-label={`Remove ${instructor.email}`}
                        onClick={() =>
                          setEditing({ remove: { sub: instructor.sub, email: instructor.email, waiting: false } })
                        }
                      >
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </ListTable>
            )}
            {list.data.invitations.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
                  Invitations waiting
                </Typography>
                <ListTable label="Invitations waiting" columns={['E-mail', 'Until', '']}>
                  {list.data.invitations.map((invitation) => (
                    <TableRow key={invitation.email}>
                      <TableCell component="th" scope="row">
                        {invitation.email}
                      </TableCell>
                      <TableCell>{dateLabel(invitation.expiresAt.slice(0, 10))}</TableCell>
                      <TableCell align="right">
                        <Button
                          color="error"
                          aria-label={`Cancel invitation of ${invitation.email}`}
                          onClick={() => setEditing({ remove: { email: invitation.email, waiting: true } })}
                        >
                          Cancel invitation
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </ListTable>
              </>
            )}
          </>
        )}
      </Section>
      <MeetingAttendanceSection classes={semesterClasses} />
      {editing && 'invite' in editing && <ClassesDialog classes={semesterClasses} onClose={close} />}
      {editing && 'assign' in editing && (
        <ClassesDialog
          classes={withTheirs(semesterClasses, editing.assign)}
          instructor={editing.assign}
          onClose={close}
        />
      )}
      {editing && 'remove' in editing && <RemoveDialog {...editing.remove} onClose={close} />}
    </Stack>
  );
}

/** The semester's classes and the instructor's classes of other semesters, so changing classes keeps those. */
function withTheirs(classes: Class[], instructor: InstructorSummary): Array<Pick<Class, 'id' | 'name'>> {
  const others = instructor.classes.filter((theirs) => !classes.some((cls) => cls.id === theirs.id));
  return [...classes, ...others];
}

function RemoveDialog({
  sub,
  email,
  waiting,
  onClose,
}: {
  sub?: string;
  email: string;
  waiting: boolean;
  onClose: () => void;
}) {
  const remove = useChange('removeInstructor');
  const show = useToast();
  return (
    <ConfirmDialog
      title={waiting ? 'Cancel the invitation?' : `Remove ${email}?`}
      confirmLabel={waiting ? 'Cancel invitation' : 'Remove instructor'}
      destructive
      action={async () => {
        await remove.mutateAsync(sub ? { sub } : { email });
        show({ severity: 'success', summary: waiting ? 'Invitation cancelled' : 'Instructor removed', detail: email });
      }}
      onClose={onClose}
    >
      <Alert severity="warning">
        {waiting
          ? `${email} can no longer accept the invitation.`
          : `${email} is refused the class day from their next call, on every phone. The marks they made stay.`}
      </Alert>
    </ConfirmDialog>
  );
}
